import ErrorCodes
import UserStore

/// Why the journal refused an action or could not be read.
///
/// `code` is stable: match on it, not on the message. A refused value names its field
/// (`duration: must be more than 0 minutes, not 0`), as `field` does.
public struct JournalError: CodedError, Hashable {
    /// What kind of refusal or failure it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case invalidField
        case unknownWorkout
        case confirmationRequired
        case storeUnreadable
        /// The store's file could not be opened, read or written, and why.
        case store(StoreFailure.Reason)
        case invalidEvent
        /// A replay was given a journal that already holds entries.
        case storeNotEmpty
    }

    public let kind: Kind
    /// The input field that was refused (`duration`, `energy`, `reminder time`), if any.
    public let field: String?
    /// What went wrong, in words; starts with the field's name when there is one.
    public let message: String

    /// The store's own failure.
    init(_ failure: StoreFailure) {
        self.init(.store(failure.reason), failure.message)
    }

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
        case .store(let reason): reason.code(prefix: "journal")
        case .invalidEvent: "journal.invalid_event"
        case .storeNotEmpty: "replay.store_not_empty"
        }
    }
}
