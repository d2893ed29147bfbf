import ErrorCodes

/// A problem opening or querying a catalogue database.
///
/// `code` is stable: match on it, not on the message. The message is written for the person
/// who runs the command and names what to do next where there is something to do.
public struct CatalogDatabaseError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case databaseMissing
        case databaseUnreadable
        case schemaVersionMismatch
        case unknownExercise
        case unknownEquipment
        case unknownMuscle
    }

    public let kind: Kind
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
        case .unknownExercise: "query.unknown_exercise"
        case .unknownEquipment: "query.unknown_equipment"
        case .unknownMuscle: "query.unknown_muscle"
        }
    }
}
