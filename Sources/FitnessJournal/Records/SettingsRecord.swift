import Foundation
import GRDB
import UserStore

/// `settings`: the one row of the user's settings.
struct SettingsRecord: StoreRecord {
    static let databaseTableName = "settings"

    var id: Int64 = 1
    var displayName: String
    var weeklyGoal: Int
    var reminderEnabled: Bool
    var reminderTime: String
    var notificationsEnabled: Bool
    var timeZone: String
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, displayName = "display_name", weeklyGoal = "weekly_goal", reminderEnabled = "reminder_enabled"
        case reminderTime = "reminder_time", notificationsEnabled = "notifications_enabled", timeZone = "time_zone"
        case updatedAt = "updated_at"
    }

    /// Read by hand rather than through `Decodable`: every call of the journal reads this row.
    init(row: Row) throws {
        displayName = row[CodingKeys.displayName.stringValue]
        weeklyGoal = row[CodingKeys.weeklyGoal.stringValue]
        reminderEnabled = row[CodingKeys.reminderEnabled.stringValue]
        reminderTime = row[CodingKeys.reminderTime.stringValue]
        notificationsEnabled = row[CodingKeys.notificationsEnabled.stringValue]
        timeZone = row[CodingKeys.timeZone.stringValue]
        updatedAt = row[CodingKeys.updatedAt.stringValue]
    }

    init(_ settings: JournalSettings, updatedAt: Date) {
        displayName = settings.displayName
        weeklyGoal = settings.weeklyGoal
        reminderEnabled = settings.reminderEnabled
        reminderTime = settings.reminderTime.description
        notificationsEnabled = settings.notificationsEnabled
        timeZone = settings.timeZone.identifier
        self.updatedAt = updatedAt
    }

    func settings() throws(JournalError) -> JournalSettings {
        guard let zone = TimeZone(identifier: timeZone) else {
            throw JournalError(.storeUnreadable, "the stored time zone \"\(timeZone)\" is not a time zone")
        }
        let time: ReminderTime
        do {
            time = try ReminderTime(parsing: reminderTime)
        } catch {
            throw JournalError(.storeUnreadable, "the stored \(error.message)")
        }
        return JournalSettings(
            displayName: displayName, weeklyGoal: weeklyGoal, reminderEnabled: reminderEnabled, reminderTime: time,
            notificationsEnabled: notificationsEnabled, timeZone: zone)
    }
}
