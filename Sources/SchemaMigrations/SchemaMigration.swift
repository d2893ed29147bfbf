/// One numbered plain-SQL file of a store's schema, embedded in the store's module.
///
/// A store (the catalogue, a training log) is its own ordered list of these, applied by a
/// `SchemaMigrator`. Migrations are append-only: a shipped file is never edited (each store
/// pins their checksums in a test); a change to the schema is a new file with the next number.
public struct SchemaMigration: Hashable, Sendable {
    /// A table made before migrations were recorded, taken as this migration's result.
    public struct Adoption: Hashable, Sendable {
        /// The table the migration creates.
        public var table: String
        /// The columns an existing table must have to be adopted.
        public var columns: [String]

        public init(table: String, columns: [String]) {
            self.table = table
            self.columns = columns
        }
    }

    /// The file name without `.sql`, e.g. `0001_legacy_exercises`. Also the identifier that a
    /// migrated database records.
    public let identifier: String
    /// The SQL text, exactly as the file holds it.
    public let sql: String
    /// When set, a database that already has `adoption.table` (an older app's, never migrated)
    /// is recorded as having applied this migration instead of running it.
    public let adoption: Adoption?

    public init(identifier: String, sql: String, adopting adoption: Adoption? = nil) {
        self.identifier = identifier
        self.sql = sql
        self.adoption = adoption
    }

    /// A migration from the bytes of an embedded `.sql` resource.
    public init(identifier: String, bytes: [UInt8], adopting adoption: Adoption? = nil) {
        self.init(identifier: identifier, sql: String(decoding: bytes, as: UTF8.self), adopting: adoption)
    }

    /// `0001_legacy_exercises.sql`.
    public var fileName: String { identifier + ".sql" }

    /// The number the identifier starts with (1 for `0001_legacy_exercises`); `PRAGMA
    /// user_version` holds the number of the last migration applied. Nil for a malformed name.
    public var number: Int? {
        Int(identifier.prefix { $0.isASCII && $0.isNumber })
    }
}
