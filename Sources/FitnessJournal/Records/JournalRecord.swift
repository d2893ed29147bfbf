import GRDB
import TrainingCalendar

/// A row of a journal table, as GRDB reads and writes it: each record's `CodingKeys` spell its
/// columns as the table does and its `Columns` are made from them; moments are every store's
/// `Timestamp` text (`2026-01-05T07:30:00.000Z`).
protocol JournalRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {}

extension JournalRecord {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { Timestamp.text($0) }
    }
}
