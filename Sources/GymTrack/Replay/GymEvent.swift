import EventReplay
import Foundation
import TrainingCalendar

/// One action of the app at a moment: a line of a replay file, in the grammar of `Replayer`,
/// `{"at": "2026-01-05T07:00:00Z", "event": "start", "type": "A"}`.
///
/// Events: `start` (type), `step` (step), `finish` (partial: true to say Yes to "Log as partial
/// session?"), `tap`, `set` (sets), `next`, `stats`.
public struct GymEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case start(SessionType)
        case step(Int)
        case finish(confirmingPartial: Bool)
        case tap
        case set(Int)
        case next
        case stats
    }

    public let at: Date
    public let action: Action

    public init(at: Date, action: Action) {
        self.at = at
        self.action = action
    }

    /// The events GymTrack replays.
    public static let names = ["start", "step", "finish", "tap", "set", "next", "stats"]

    /// The event `fields` hold; the error names the field at fault and what it expected.
    public init(_ fields: ReplayFields) throws(ReplayError) {
        at = fields.at
        switch fields.event {
        case "start":
            let name = try fields.required(try fields.string("type"), "type")
            guard let type = SessionType(name: name) else {
                throw fields.error("type", "expected \"A\", \"B\" or \"C\", not \"\(name)\"")
            }
            action = .start(type)
        case "step": action = .step(try fields.required(try fields.int("step"), "step"))
        case "finish": action = .finish(confirmingPartial: try fields.bool("partial") ?? false)
        case "tap": action = .tap
        case "set": action = .set(try fields.required(try fields.int("sets"), "sets"))
        case "next": action = .next
        case "stats": action = .stats
        default: throw fields.unknownEvent(Self.names)
        }
    }

    /// The event a single line holds (as line 1 of a file).
    public init(line: String) throws(ReplayError) {
        try self.init(ReplayFields(line: line, number: 1))
    }
}
