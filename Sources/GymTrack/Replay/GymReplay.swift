import EventReplay
import Foundation
import TrainingCalendar

/// Feeds dated events into a store with the clock set to each event's moment: a year of use
/// from a file, the same output every time.
public struct GymReplay: Sendable {
    /// An event refused by the store, and where it was: the replays' one refusal.
    public typealias Refusal = ReplayRefusal

    public let gym: GymTrack
    public let clock: ManualClock

    /// `gym` must read `clock`.
    public init(gym: GymTrack, clock: ManualClock) {
        self.gym = gym
        self.clock = clock
    }

    /// Runs every event of `text` in order (the grammar of `Replayer`) and returns the
    /// refusals; the clock is left at the last event's moment.
    public func run(_ text: String) -> [Refusal] {
        func apply(_ event: GymEvent) throws { try self.apply(event.action) }
        return Replayer(clock: clock).run(text, event: GymEvent.init, apply: apply).refusals
    }

    /// Runs one action on the store.
    public func apply(_ action: GymEvent.Action) throws(GymTrackError) {
        try Self.apply(action, to: gym)
    }

    /// Runs one action on `gym`.
    public static func apply(_ action: GymEvent.Action, to gym: GymTrack) throws(GymTrackError) {
        switch action {
        case .start(let type): try gym.start(type)
        case .step(let number): try gym.checkStep(number)
        case .finish(let confirming): try gym.finish(confirmingPartial: confirming)
        case .tap: try gym.tapChallenge()
        case .set(let sets): try gym.setChallenge(sets)
        case .next: _ = try gym.next()
        case .stats: _ = try gym.stats()
        }
    }
}
