import GRDB

/// A row of a journal table, as GRDB reads and writes it: properties are the columns in camel
/// case; moments are GRDB's UTC text.
protocol JournalRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {}

extension JournalRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}
