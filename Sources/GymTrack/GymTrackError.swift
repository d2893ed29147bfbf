import ErrorCodes

/// Why GymTrack refused an action or could not read its store.
///
/// `code` is stable: match on it, not on the message. A message about a value names the field
/// (`sets must be 0, 1, 2 or 3, not 4`).
public struct GymTrackError: CodedError, Hashable {
    enum Kind: Hashable, Sendable {
        case invalidValue
        case sessionOpen
        case noOpenSession
        case unknownStep
        case partialUnconfirmed
        case invalidRoutines
        case storeUnreadable
        case storeNotEmpty
        case invalidEvent
    }

    let kind: Kind
    /// What went wrong, in words.
    public let message: String

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
        case .storeNotEmpty: "replay.store_not_empty"
        case .invalidEvent: "replay.invalid_event"
        }
    }
}
