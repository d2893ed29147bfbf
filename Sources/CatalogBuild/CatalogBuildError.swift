import ErrorCodes

/// A catalogue database that cannot be written: content that does not resolve or that the
/// schema refuses, or a file that cannot be put in place.
///
/// `code` is stable: match on it, not on the message.
public struct CatalogBuildError: CodedError, Hashable {
    /// What kind of error it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case unknownLookupValue
        case duplicateExercise
        case constraintViolation
        case foreignKeyCheckFailed
        case integrityCheckFailed
        case fileSystem
        case targetNotAFile
        case targetIsInput
        case busy
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

    /// A stable identifier such as `write.constraint_violation`.
    public var code: String {
        switch kind {
        case .unknownLookupValue: "write.unknown_lookup_value"
        case .duplicateExercise: "write.duplicate_exercise"
        case .constraintViolation: "write.constraint_violation"
        case .foreignKeyCheckFailed: "write.foreign_key_check"
        case .integrityCheckFailed: "write.integrity_check"
        case .fileSystem: "write.file_system"
        case .targetNotAFile: "write.target_not_a_file"
        case .targetIsInput: "write.target_is_input"
        case .busy: "write.busy"
        }
    }
}
