import ErrorCodes
import Foundation
import TrainingCalendar

/// The one grammar of TrainDB's replay files, and the one loop that feeds them to a store:
/// the training log's, GymTrack's and the journal's replays, and the replay command, each give
/// `run` their store's events and actions and take back its steps and its `ReplaySummary`.
///
/// A replay file holds one JSON object per line, `{"at": "2026-01-05T07:00:00Z", "event": NAME,
/// …}`. Blank lines and lines starting with `#` are skipped. Events are in time order: one
/// before the previous event's moment is refused. Each event runs with the clock set to its
/// moment; a refused event (a line that is not an event, or an action the store refuses)
/// becomes a step with its line and its diagnostic, and the replay goes on, as the app would.
public struct Replayer: Sendable {
    /// One line's outcome: what the store's action returned, or why the line was refused.
    public struct Step<Outcome> {
        /// The line's number in the file, from 1.
        public let line: Int
        /// The event's moment and name; nil when the line could not be read as an event.
        public let at: Date?
        public let event: String?
        public let outcome: Result<Outcome, Refusal>

        /// The line's refusal with its number, nil when the event ran.
        public var refusal: ReplayRefusal? {
            guard case .failure(let refused) = outcome else { return nil }
            return ReplayRefusal(line: line, code: refused.diagnostic.code, message: refused.diagnostic.message)
        }
    }

    /// A refused line: a `ReplayError` for a line that is not an event, or the store's own error.
    public struct Refusal: Error, Hashable, Sendable {
        public let diagnostic: Diagnostic
        /// Whether the line could not be read (rather than refused by the store).
        public let unreadable: Bool
    }

    /// The store's clock, which the replay sets to each event's moment; an event before the
    /// moment it shows is out of order.
    public let clock: ManualClock

    public init(clock: ManualClock) {
        self.clock = clock
    }

    /// Whether a line holds no event: blank, or a `#` comment.
    public static func isSkipped(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0.isWhitespace }
        return trimmed.isEmpty || trimmed.first == "#"
    }

    /// Reads line `number` into its fields (nil for a blank or comment line) and checks its order.
    public func read(line text: String, number: Int) -> Result<ReplayFields, ReplayError>? {
        guard !Self.isSkipped(text[...]) else { return nil }
        do throws(ReplayError) {
            let fields = try ReplayFields(line: text, number: number)
            let previous = clock.now()
            guard fields.at >= previous else {
                throw fields.error(
                    "at",
                    "\(Timestamp.secondsText(fields.at)) is before the previous event "
                        + "(\(Timestamp.secondsText(previous))); events must be in time order")
            }
            return .success(fields)
        } catch {
            return .failure(error)
        }
    }

    /// Runs line `number`: reads it, turns its fields into the store's event with `event`, sets
    /// the clock and runs `apply`. Nil for a blank or comment line.
    public func step<Event, Outcome>(
        line text: String, number: Int, event: (ReplayFields) throws(ReplayError) -> Event,
        apply: (Event) throws -> Outcome
    ) -> Step<Outcome>? {
        guard let read = read(line: text, number: number) else { return nil }
        let fields: ReplayFields
        let decoded: Event
        do throws(ReplayError) {
            fields = try read.get()
            decoded = try event(fields)
        } catch {
            let at = try? read.get().at
            let name = try? read.get().event
            return Step(line: number, at: at, event: name, outcome: .failure(Self.refusal(error, unreadable: true)))
        }
        clock.set(fields.at)
        do {
            return Step(line: number, at: fields.at, event: fields.event, outcome: .success(try apply(decoded)))
        } catch {
            return Step(line: number, at: fields.at, event: fields.event, outcome: .failure(Self.refusal(error)))
        }
    }

    /// Runs every line of `text` in order, handing each step to `body` as soon as it has run;
    /// returns how many events ran and the lines refused, in order.
    @discardableResult
    public func run<Event, Outcome, Failure: Error>(
        _ text: String, event: (ReplayFields) throws(ReplayError) -> Event, apply: (Event) throws -> Outcome,
        _ body: (Step<Outcome>) throws(Failure) -> Void
    ) throws(Failure) -> ReplaySummary {
        var summary = ReplaySummary()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let step = step(line: String(line), number: offset + 1, event: event, apply: apply) else { continue }
            if let refusal = step.refusal {
                summary.refusals.append(refusal)
            } else {
                summary.applied += 1
            }
            try body(step)
        }
        return summary
    }

    /// Runs every line of `text` in order; how many events ran and the lines refused.
    @discardableResult
    public func run<Event, Outcome>(
        _ text: String, event: (ReplayFields) throws(ReplayError) -> Event, apply: (Event) throws -> Outcome
    ) -> ReplaySummary {
        run(text, event: event, apply: apply) { (_: Step<Outcome>) throws(Never) in }
    }

    private static func refusal(_ error: any Error, unreadable: Bool = false) -> Refusal {
        guard let coded = error as? any CodedError else {
            return Refusal(diagnostic: Diagnostic(code: "replay.failed", message: "\(error)"), unreadable: unreadable)
        }
        return Refusal(diagnostic: Diagnostic(code: coded.code, message: coded.message), unreadable: unreadable)
    }
}

/// A refused line of a replay: its number in the file (from 1), and the error's code and message.
public struct ReplayRefusal: Codable, Hashable, Sendable {
    public var line: Int
    public var code: String
    public var message: String

    public init(line: Int, code: String, message: String) {
        self.line = line
        self.code = code
        self.message = message
    }
}

/// What a replay did: how many events ran, and the lines refused, in order.
public struct ReplaySummary: Hashable, Sendable {
    public var applied = 0
    public var refusals: [ReplayRefusal] = []

    public init() {}
}
