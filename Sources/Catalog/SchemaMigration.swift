/// One numbered plain-SQL file of `schema/`, embedded in the module.
///
/// Migrations are append-only: a shipped file is never edited (a checksum test guards that);
/// a change to the schema is a new file with the next number.
public struct SchemaMigration: Hashable, Sendable {
    /// The file name without `.sql`, e.g. `0001_legacy_exercises`. Also the identifier that a
    /// migrated database records.
    public let identifier: String
    /// The SQL text, exactly as the file holds it.
    public let sql: String

    public init(identifier: String, sql: String) {
        self.identifier = identifier
        self.sql = sql
    }

    init(identifier: String, bytes: [UInt8]) {
        self.init(identifier: identifier, sql: String(decoding: bytes, as: UTF8.self))
    }

    /// `0001_legacy_exercises.sql`.
    public var fileName: String { identifier + ".sql" }

    /// The number the identifier starts with (1 for `0001_legacy_exercises`); `PRAGMA
    /// user_version` holds the number of the last migration applied. Nil for a malformed name.
    public var number: Int? {
        Int(identifier.prefix { $0.isASCII && $0.isNumber })
    }
}
