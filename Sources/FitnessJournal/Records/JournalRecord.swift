import GRDB
import TrainingCalendar

/// A row of a journal table, as GRDB reads and writes it: properties are the columns in camel
/// case; moments are every store's `Timestamp` text (`2026-01-05T07:30:00.000Z`).
protocol JournalRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {}

extension JournalRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { Timestamp.text($0) }
    }
}
