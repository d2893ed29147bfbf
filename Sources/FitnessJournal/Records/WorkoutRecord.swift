import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// `workouts`: one saved workout.
struct WorkoutRecord: StoreRecord {
    static let databaseTableName = "workouts"

    var id: String
    var date: String
    var exerciseType: ExerciseType
    var durationMinutes: Int
    var intensity: Intensity
    var notes: String?
    var loggedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, date, exerciseType = "exercise_type", durationMinutes = "duration_minutes", intensity, notes
        case loggedAt = "logged_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let date = Column(CodingKeys.date)
        static let loggedAt = Column(CodingKeys.loggedAt)
    }

    init(
        id: String, date: String, exerciseType: ExerciseType, durationMinutes: Int, intensity: Intensity,
        notes: String?, loggedAt: Date
    ) {
        (self.id, self.date, self.exerciseType, self.durationMinutes) = (id, date, exerciseType, durationMinutes)
        (self.intensity, self.notes, self.loggedAt) = (intensity, notes, loggedAt)
    }

    /// Read by hand rather than through `Decodable`, which costs more than the rest of a list of
    /// thousands of workouts (the CSV export); a value the schema should have refused throws.
    init(row: Row) throws {
        id = try row.decode(String.self, forColumn: CodingKeys.id.stringValue)
        date = try row.decode(String.self, forColumn: CodingKeys.date.stringValue)
        exerciseType = try Self.value(row, CodingKeys.exerciseType.stringValue)
        durationMinutes = try row.decode(forColumn: CodingKeys.durationMinutes.stringValue)
        intensity = try Self.value(row, CodingKeys.intensity.stringValue)
        notes = try row.decode(String?.self, forColumn: CodingKeys.notes.stringValue)
        loggedAt = try Self.moment(row, CodingKeys.loggedAt.stringValue)
    }

    /// The columns `init(positionOf:)` reads, in its order.
    static let selection = "id, date, exercise_type, duration_minutes, intensity, notes, logged_at"

    /// A row of a statement that selects `selection`, read by position: the longest lists (the
    /// CSV export's thousands of workouts) without finding each column by its name. A value the
    /// schema should have refused goes to the readers by name, whose errors name it.
    init(positionOf row: Row) throws {
        id = try row.decode(String.self, atIndex: 0)
        date = try row.decode(String.self, atIndex: 1)
        exerciseType =
            try row.decode(String?.self, atIndex: 2).flatMap(ExerciseType.init(rawValue:))
            ?? Self.value(row, CodingKeys.exerciseType.stringValue)
        durationMinutes = try row.decode(atIndex: 3)
        intensity =
            try row.decode(String?.self, atIndex: 4).flatMap(Intensity.init(rawValue:))
            ?? Self.value(row, CodingKeys.intensity.stringValue)
        notes = try row.decode(String?.self, atIndex: 5)
        loggedAt =
            try row.decode(String?.self, atIndex: 6).flatMap(Timestamp.parse)
            ?? Self.moment(row, CodingKeys.loggedAt.stringValue)
    }

    /// The entry, or an error when the row holds what the schema should have refused.
    func entry() throws(JournalError) -> WorkoutEntry {
        guard let day = CalendarDate(date) else {
            throw JournalError(.storeUnreadable, "workout \(id) has no valid date: \(date)")
        }
        return WorkoutEntry(
            id: id, date: day, type: exerciseType, durationMinutes: durationMinutes, intensity: intensity,
            notes: notes, loggedAt: loggedAt)
    }
}

extension ExerciseType: DatabaseValueConvertible {}
extension Intensity: DatabaseValueConvertible {}
extension Mood: DatabaseValueConvertible {}
extension SleepQuality: DatabaseValueConvertible {}
