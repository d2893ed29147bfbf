import Foundation
import UserStore

/// `user_settings`: the user's unit and time zone (one row).
package struct UserSettingsRecord: StoreRecord, Hashable {
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

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case id, weightUnit = "weight_unit", timeZone = "time_zone", updatedAt = "updated_at"
        case syncedAt = "synced_at"
    }
}
