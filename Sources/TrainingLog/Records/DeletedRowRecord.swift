import Foundation
import UserStore

/// `deleted_rows`: the id of a row deleted after it reached the server, for the sync to push.
package struct DeletedRowRecord: StoreRecord, Hashable {
    package static let databaseTableName = "deleted_rows"
    package var rowId: String
    package var tableName: String
    package var deletedAt: Date

    /// The columns, as the table spells them.
    package enum CodingKeys: String, CodingKey {
        case rowId = "row_id", tableName = "table_name", deletedAt = "deleted_at"
    }
}
