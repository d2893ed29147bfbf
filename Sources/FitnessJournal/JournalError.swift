import ErrorCodes

/// Why the journal refused an action or could not be read.
///
/// `code` is stable: match on it, not on the message. A refused value names its field
/// (`duration: must be more than 0 minutes, not 0`), as `field` does.
public struct JournalError: CodedError, Hashable {
    enum Kind: Hashable, Sendable {
        case invalidField
        case unknownWorkout
        case confirmationRequired
        case storeUnreadable
        case invalidEvent
    }

    let kind: Kind
    /// The input field that was refused (`duration`, `energy`, `reminder time`), if any.
    public let field: String?
    /// What went wrong, in words; starts with the field's name when there is one.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.field = nil
        self.message = message
    }

    /// A refused value of `field`.
    static func invalid(_ field: String, _ problem: String) -> JournalError {
        JournalError(field: field, message: "\(field): \(problem)")
    }

    private init(field: String, message: String) {
        self.kind = .invalidField
        self.field = field
        self.message = message
    }

    /// A stable identifier such as `journal.invalid_field`.
    public var code: String {
        switch kind {
        case .invalidField: "journal.invalid_field"
        case .unknownWorkout: "journal.unknown_workout"
        case .confirmationRequired: "journal.confirmation_required"
        case .storeUnreadable: "journal.unreadable"
        case .invalidEvent: "journal.invalid_event"
        }
    }
}
