import Foundation
import TrainingCalendar

/// A check-in as the user enters it: "How are you feeling today?"
public struct NewCheckIn: Hashable, Sendable {
    public var mood: Mood
    /// 1-10.
    public var energyLevel: Int
    public var sleepQuality: SleepQuality
    public var notes: String?

    public init(mood: Mood, energyLevel: Int, sleepQuality: SleepQuality, notes: String? = nil) {
        self.mood = mood
        self.energyLevel = energyLevel
        self.sleepQuality = sleepQuality
        self.notes = notes
    }

    public static let energyLevels = 1...10

    /// Throws an error naming the first field out of range.
    public func validate() throws(JournalError) {
        guard Self.energyLevels.contains(energyLevel) else {
            throw .invalid(
                "energy", "must be \(Self.energyLevels.lowerBound)-\(Self.energyLevels.upperBound), not \(energyLevel)")
        }
        try Notes.validate(notes)
    }
}

/// A saved check-in. A day may have several; the day's mood is its last one's.
public struct CheckIn: Codable, Hashable, Sendable {
    /// A lowercase UUID, made when it was saved (`RowIDSource`).
    public var id: String
    /// The date on the user's wall clock when it was saved.
    public var date: CalendarDate
    public var mood: Mood
    public var energyLevel: Int
    public var sleepQuality: SleepQuality
    public var notes: String?
    @UTCMoment public var checkedInAt: Date

    public init(
        id: String, date: CalendarDate, mood: Mood, energyLevel: Int, sleepQuality: SleepQuality, notes: String?,
        checkedInAt: Date
    ) {
        self.id = id
        self.date = date
        self.mood = mood
        self.energyLevel = energyLevel
        self.sleepQuality = sleepQuality
        self.notes = notes
        self.checkedInAt = checkedInAt
    }
}
