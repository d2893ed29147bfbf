import Foundation
import TrainingCalendar
import UserInput

/// A workout as the user enters it: the form of the workout log screen.
public struct NewWorkout: Hashable, Sendable {
    public var type: ExerciseType
    /// Minutes, more than 0 (at most a day).
    public var durationMinutes: Int
    public var intensity: Intensity
    /// Optional, up to 1000 characters (Unicode scalars, as SQLite counts them); blank notes are
    /// stored as none.
    public var notes: String?

    public init(type: ExerciseType, durationMinutes: Int, intensity: Intensity, notes: String? = nil) {
        self.type = type
        self.durationMinutes = durationMinutes
        self.intensity = intensity
        self.notes = notes
    }

    public static let durations = 1...1440
    public static let maximumNotesLength = 1000

    /// Throws an error naming the first field out of range.
    public func validate() throws(JournalError) {
        guard durationMinutes > 0 else {
            throw .invalid("duration", "must be more than 0 minutes, not \(durationMinutes)")
        }
        guard durationMinutes <= Self.durations.upperBound else {
            throw .invalid("duration", "must be at most \(Self.durations.upperBound) minutes, not \(durationMinutes)")
        }
        try Notes.validate(notes)
    }
}

/// A saved workout.
public struct WorkoutEntry: Codable, Hashable, Sendable {
    /// A lowercase UUID, made when it was saved (`RowIDSource`).
    public var id: String
    /// The day it counts for: the date on the user's wall clock when it was logged.
    public var date: CalendarDate
    public var type: ExerciseType
    public var durationMinutes: Int
    public var intensity: Intensity
    public var notes: String?
    /// When it was saved.
    @UTCMoment public var loggedAt: Date

    public init(
        id: String, date: CalendarDate, type: ExerciseType, durationMinutes: Int, intensity: Intensity,
        notes: String?, loggedAt: Date
    ) {
        self.id = id
        self.date = date
        self.type = type
        self.durationMinutes = durationMinutes
        self.intensity = intensity
        self.notes = notes
        self.loggedAt = loggedAt
    }
}

/// The optional notes of a workout or a check-in.
enum Notes {
    /// Nil for nil or blank notes, else the notes as typed.
    static func stored(_ notes: String?) -> String? {
        guard let notes, !notes.allSatisfy(\.isWhitespace) else { return nil }
        return notes
    }

    static func validate(_ notes: String?) throws(JournalError) {
        guard let notes else { return }
        let length = notes.unicodeScalars.count
        guard length <= NewWorkout.maximumNotesLength else {
            throw .invalid("notes", "must be at most \(NewWorkout.maximumNotesLength) characters, not \(length)")
        }
        if let problem = UserInput.controlProblem(in: notes) { throw .invalid("notes", problem) }
    }
}
