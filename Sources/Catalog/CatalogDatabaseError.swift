/// A problem opening, migrating, writing or querying a catalogue database.
///
/// `code` is stable: match on it, not on the message. The message is written for the person
/// who runs the command and names what to do next where there is something to do.
public struct CatalogDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case databaseMissing
        case databaseUnreadable
        case schemaVersionMismatch
        case unknownLookupValue
        case duplicateExercise
        case constraintViolation
        case foreignKeyCheckFailed
        case integrityCheckFailed
        case fileSystem
        case unknownExercise
        case unknownEquipment
        case invalidRecord
    }

    let kind: Kind
    /// What went wrong, in words.
    public let message: String
    /// The database file concerned, when there is one.
    public let path: String?

    init(_ kind: Kind, _ message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    /// A stable identifier such as `database.missing`.
    public var code: String {
        switch kind {
        case .databaseMissing: "database.missing"
        case .databaseUnreadable: "database.unreadable"
        case .schemaVersionMismatch: "database.schema_version"
        case .unknownLookupValue: "write.unknown_lookup_value"
        case .duplicateExercise: "write.duplicate_exercise"
        case .constraintViolation: "write.constraint_violation"
        case .foreignKeyCheckFailed: "write.foreign_key_check"
        case .integrityCheckFailed: "write.integrity_check"
        case .fileSystem: "write.file_system"
        case .unknownExercise: "query.unknown_exercise"
        case .unknownEquipment: "query.unknown_equipment"
        case .invalidRecord: "query.invalid_record"
        }
    }

    /// `error[code]: message`, as the command line shows it.
    public var description: String {
        "error[\(code)]: \(message)"
    }
}
