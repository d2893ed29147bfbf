import Foundation
import TrainingCalendar

/// Feeds dated events into a store with the clock set to each event's moment: a year of use
/// from a file, the same output every time.
public struct GymReplay: Sendable {
    /// An event refused by the store, and where it was.
    public struct Refusal: Codable, Hashable, Sendable {
        /// The line's number in the file (1 for the first).
        public let line: Int
        public let code: String
        public let message: String
    }

    public let gym: GymTrack
    public let clock: ManualClock

    /// `gym` must read `clock`.
    public init(gym: GymTrack, clock: ManualClock) {
        self.gym = gym
        self.clock = clock
    }

    /// Runs every non-blank line of `text` in order and returns the refusals; the clock is left
    /// at the last event's moment.
    public func run(_ text: String) -> [Refusal] {
        var refusals: [Refusal] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                let event = try GymEvent(line: String(line))
                clock.set(event.at)
                try apply(event.action)
            } catch {
                refusals.append(Refusal(line: index + 1, code: error.code, message: error.message))
            }
        }
        return refusals
    }

    /// Runs one action on the store.
    public func apply(_ action: GymEvent.Action) throws(GymTrackError) {
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
