import Foundation

/// `deleted_rows`: the id of a row deleted after it reached the server, for the sync to push.
package struct DeletedRowRecord: LogRecord, Hashable {
    package static let databaseTableName = "deleted_rows"
    package var rowId: String
    package var tableName: String
    package var deletedAt: Date
}
