import GRDB

/// A row of a catalogue table, as GRDB reads and writes it: the properties are the table's
/// columns in camel case (`category_id` ↔ `categoryId`), inserted through GRDB's cached
/// statements. Records are the package's own: the app sees `Exercise`, `Joint` and the other
/// domain values the queries build from them.
package protocol CatalogRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    /// How an error names the row: `muscle "Chest"`.
    var subject: String { get }
}

extension CatalogRecord {
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}
