import ErrorCodes
import UserStore

/// Why the training log refused an action or could not be read.
///
/// `code` is stable: match on it, not on the message. Messages are written for the user where
/// the user can act (`Please enter valid weight and reps`).
public struct TrainingLogError: CodedError, Hashable {
    /// What kind of refusal or failure it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case invalidSet
        case invalidSettings
        case noProgramme
        case invalidProgramme
        case unknownSession
        case workoutOpen
        case noOpenWorkout
        case unknownExercise
        case unknownSet
        case noCompletedSet
        case nothingSubmitted
        case swapRefused
        case storeUnreadable
        /// The store's file could not be opened, read or written, and why.
        case store(StoreFailure.Reason)
        case storeNotEmpty
        case invalidEvent
        case invalidMoment
        case invalidNotes
        case subscriptionExpired
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

    /// A stable identifier such as `set.invalid` or `log.no_open_workout`.
    public var code: String {
        switch kind {
        case .invalidSet: "set.invalid"
        case .invalidSettings: "log.invalid_settings"
        case .noProgramme: "log.no_programme"
        case .invalidProgramme: "log.invalid_programme"
        case .unknownSession: "log.unknown_session"
        case .workoutOpen: "log.workout_open"
        case .noOpenWorkout: "log.no_open_workout"
        case .unknownExercise: "log.unknown_exercise"
        case .unknownSet: "log.unknown_set"
        case .noCompletedSet: "log.no_completed_set"
        case .nothingSubmitted: "log.nothing_submitted"
        case .swapRefused: "log.swap_refused"
        case .storeUnreadable: "log.unreadable"
        case .store(let reason): reason.code(prefix: "log")
        case .storeNotEmpty: "replay.store_not_empty"
        case .invalidEvent: "replay.invalid_event"
        case .invalidMoment: "log.invalid_moment"
        case .invalidNotes: "log.invalid_notes"
        case .subscriptionExpired: "log.subscription_expired"
        }
    }
}
