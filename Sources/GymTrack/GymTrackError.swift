import ErrorCodes
import UserStore

/// Why GymTrack refused an action or could not read its store.
///
/// `code` is stable: match on it, not on the message. A message about a value names the field
/// (`sets must be 0, 1, 2 or 3, not 4`).
public struct GymTrackError: CodedError, Hashable {
    /// What kind of refusal or failure it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case invalidValue
        case sessionOpen
        case noOpenSession
        case unknownStep
        case partialUnconfirmed
        case invalidRoutines
        case storeUnreadable
        /// The store's file could not be opened, read or written, and why.
        case store(StoreFailure.Reason)
        case storeNotEmpty
        case invalidEvent
        /// A moment out of order: before the open workout started.
        case invalidMoment
    }

    public let kind: Kind
    /// What went wrong, in words.
    public let message: String

    /// The store's own failure.
    init(_ failure: StoreFailure) {
        self.init(.store(failure.reason), failure.message)
    }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A stable identifier such as `gymtrack.invalid_value` or `gymtrack.no_open_session`.
    public var code: String {
        switch kind {
        case .invalidValue: "gymtrack.invalid_value"
        case .sessionOpen: "gymtrack.session_open"
        case .noOpenSession: "gymtrack.no_open_session"
        case .unknownStep: "gymtrack.unknown_step"
        case .partialUnconfirmed: "gymtrack.partial_unconfirmed"
        case .invalidRoutines: "gymtrack.invalid_routines"
        case .storeUnreadable: "gymtrack.unreadable"
        case .store(let reason): reason.code(prefix: "gymtrack")
        case .storeNotEmpty: "replay.store_not_empty"
        case .invalidEvent: "replay.invalid_event"
        case .invalidMoment: "gymtrack.invalid_moment"
        }
    }
}
