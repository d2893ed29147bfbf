import Foundation

/// `user_settings`: the user's unit and time zone (one row).
package struct UserSettingsRecord: LogRecord, Hashable {
    package static let databaseTableName = "user_settings"
    package var id: String
    package var weightUnit: WeightUnit
    package var timeZone: String
    package var updatedAt: Date
    package var syncedAt: Date?

    package init(id: String, weightUnit: WeightUnit, timeZone: String, updatedAt: Date, syncedAt: Date? = nil) {
        self.id = id
        self.weightUnit = weightUnit
        self.timeZone = timeZone
        self.updatedAt = updatedAt
        self.syncedAt = syncedAt
    }
}
