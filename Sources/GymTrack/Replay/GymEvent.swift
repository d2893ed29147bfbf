import Foundation
import TrainingCalendar

/// One action of the app at a moment: a line of a replay file,
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

    /// The event a line holds; the error names the field at fault.
    public init(line: String) throws(GymTrackError) {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(line.utf8))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw GymTrackError(.invalidEvent, "\(field) has the wrong type")
        } catch {
            throw GymTrackError(.invalidEvent, "not a JSON object with at and event")
        }
        guard let at = Timestamp.parse(fields.at) else {
            throw GymTrackError(.invalidEvent, "at must be a moment like 2026-01-05T07:00:00Z, not \(fields.at)")
        }
        func required(_ value: Int?, _ key: String) throws(GymTrackError) -> Int {
            guard let value else { throw GymTrackError(.invalidEvent, "\(fields.event) needs \(key), a whole number") }
            return value
        }
        switch fields.event {
        case "start":
            guard let type = fields.type.flatMap(SessionType.init(name:)) else {
                throw GymTrackError(.invalidEvent, "start needs type, A, B or C")
            }
            action = .start(type)
        case "step": action = .step(try required(fields.step, "step"))
        case "finish": action = .finish(confirmingPartial: fields.partial ?? false)
        case "tap": action = .tap
        case "set": action = .set(try required(fields.sets, "sets"))
        case "next": action = .next
        case "stats": action = .stats
        default:
            throw GymTrackError(
                .invalidEvent, "unknown event \"\(fields.event)\" (start, step, finish, tap, set, next, stats)")
        }
        self.at = at
    }

    /// A line's fields, as written.
    private struct Fields: Decodable {
        var at: String
        var event: String
        var type: String?
        var step: Int?
        var partial: Bool?
        var sets: Int?
    }
}
