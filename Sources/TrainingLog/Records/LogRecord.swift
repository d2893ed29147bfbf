import Foundation
import GRDB
import TrainingCalendar

/// A row of a training log table, as GRDB reads and writes it: each record's `CodingKeys` spell
/// its columns as the table does (`exercise_log_id`, with no conversion per row), and moments
/// are `Timestamp` text (never GRDB's default date format), so that the store's text sorts and
/// syncs as written.
package protocol LogRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension LogRecord {
    package static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { Timestamp.text($0) }
    }

    package static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in String.fromDatabaseValue(value).flatMap(Timestamp.parse) }
    }
}
