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

    func checkIn() throws(JournalError) -> CheckIn {
        guard let day = CalendarDate(date) else {
            throw JournalError(.storeUnreadable, "check-in \(id) has no valid date: \(date)")
        }
        return CheckIn(
            id: id, date: day, mood: mood, energyLevel: energyLevel, sleepQuality: sleepQuality, notes: notes,
            checkedInAt: checkedInAt)
    }
}
