import Foundation
import GRDB

/// The settings screen: read, save, the next reminder, and "Clear all data".
extension FitnessJournal {
    /// The user's settings.
    public func settings() throws(JournalError) -> JournalSettings {
        try read { db, _ in try settings(db) }
    }

    /// Saves `settings` (auto-save: every change is saved at once) and returns them.
    @discardableResult
    public func updateSettings(_ settings: JournalSettings) throws(JournalError) -> JournalSettings {
        try settings.validate()
        return try write { db, now in
            try SettingsRecord(settings, updatedAt: now).update(db)
            return settings
        }
    }

    /// The settings and the next reminder, as of now.
    public func settingsSummary() throws(JournalError) -> SettingsSummary {
        try read { db, now in
            let settings = try settings(db)
            return SettingsSummary(settings: settings, nextReminder: settings.nextReminder(after: now))
        }
    }

    /// When the daily reminder next goes off after now; nil when it is off.
    public func nextReminder() throws(JournalError) -> Date? {
        try read { db, now in try settings(db).nextReminder(after: now) }
    }

    /// Deletes every workout and check-in; the settings stay. Refused unless `confirmed`: the
    /// app asks first, the command line wants `--yes`.
    @discardableResult
    public func clearAllData(confirmed: Bool) throws(JournalError) -> ClearedData {
        guard confirmed else {
            throw JournalError(
                .confirmationRequired, "clearing deletes every workout and check-in: confirm to go ahead")
        }
        return try write { db, _ in
            let workouts = try WorkoutRecord.deleteAll(db)
            let checkIns = try CheckInRecord.deleteAll(db)
            logger.info("cleared the journal", metadata: ["workouts": "\(workouts)", "checkIns": "\(checkIns)"])
            return ClearedData(workouts: workouts, checkIns: checkIns)
        }
    }
}

/// What "Clear all data" deleted.
public struct ClearedData: Codable, Hashable, Sendable {
    public var workouts: Int
    public var checkIns: Int

    public init(workouts: Int, checkIns: Int) {
        self.workouts = workouts
        self.checkIns = checkIns
    }
}
