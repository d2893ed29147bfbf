import ErrorCodes

/// A schema that cannot be brought up to date.
///
/// `code` is stable: match on it, not on the message.
public struct SchemaMigrationError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case migrationFailed
        case versionMismatch
        case unreadable
    }

    public let kind: Kind
    /// What went wrong, in words.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `schema.migration_failed`, `database.schema_version` or `database.unreadable`.
    public var code: String {
        switch kind {
        case .migrationFailed: "schema.migration_failed"
        case .versionMismatch: "database.schema_version"
        case .unreadable: "database.unreadable"
        }
    }
}
