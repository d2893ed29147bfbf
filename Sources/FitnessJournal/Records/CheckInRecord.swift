import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// `check_ins`: one saved check-in.
struct CheckInRecord: StoreRecord {
    static let databaseTableName = "check_ins"

    var id: String
    var date: String
    var mood: Mood
    var energyLevel: Int
    var sleepQuality: SleepQuality
    var notes: String?
    var checkedInAt: Date

    enum CodingKeys: String, CodingKey {
        case id, date, mood, energyLevel = "energy_level", sleepQuality = "sleep_quality", notes
        case checkedInAt = "checked_in_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let checkedInAt = Column(CodingKeys.checkedInAt)
    }

    init(
        id: String, date: String, mood: Mood, energyLevel: Int, sleepQuality: SleepQuality, notes: String?,
        checkedInAt: Date
    ) {
        (self.id, self.date, self.mood, self.energyLevel) = (id, date, mood, energyLevel)
        (self.sleepQuality, self.notes, self.checkedInAt) = (sleepQuality, notes, checkedInAt)
    }

    /// Read by hand rather than through `Decodable`, as `WorkoutRecord` is.
    init(row: Row) throws {
        id = try row.decode(String.self, forColumn: CodingKeys.id.stringValue)
        date = try row.decode(String.self, forColumn: CodingKeys.date.stringValue)
        mood = try Self.value(row, CodingKeys.mood.stringValue)
        energyLevel = try row.decode(forColumn: CodingKeys.energyLevel.stringValue)
        sleepQuality = try Self.value(row, CodingKeys.sleepQuality.stringValue)
        notes = try row.decode(String?.self, forColumn: CodingKeys.notes.stringValue)
        checkedInAt = try Self.moment(row, CodingKeys.checkedInAt.stringValue)
    }

    func checkIn() throws(JournalError) -> CheckIn {
        guard let day = CalendarDate(date) else {
            throw JournalError(.storeUnreadable, "check-in \(id) has no valid date: \(date)")
        }
        return CheckIn(
            id: id, date: day, mood: mood, energyLevel: energyLevel, sleepQuality: sleepQuality, notes: notes,
            checkedInAt: checkedInAt)
    }
}
