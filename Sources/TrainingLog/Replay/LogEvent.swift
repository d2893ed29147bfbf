import Foundation
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar

/// One event of a replay: what the app would send, at a moment. A replay file holds one JSON
/// object per line, `{"at": "2026-01-05T18:02:00Z", "event": "set", "exercise": "…", "reps": 8,
/// "weight": 60}`; the events and their fields are the cases below.
public struct LogEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// `settings`: `unit` (`kg`/`lbs`), `timeZone` (IANA).
        case settings(unit: WeightUnit?, timeZone: String?)
        /// `programme`: `questionnaire` (the app's JSON), `start` (date), `seed`, `injuryPolicy`.
        case programme(questionnaire: String, start: CalendarDate?, seed: UInt64, injuryPolicy: InjuryPolicy)
        /// `start`: `session` (id or name).
        case start(session: String)
        /// `set`: `exercise`, `reps`, `weight`, `unit` (default: the user's); `set` edits that set
        /// instead of adding one; `completed` (default true).
        case set(exercise: String, reps: Int, weight: Double, unit: WeightUnit?, number: Int?, completed: Bool)
        /// `submit`: `exercise`, `notes`.
        case submit(exercise: String, notes: String?)
        /// `swap`: `exercise`, `to`.
        case swap(exercise: String, to: String)
        case dismissRest
        case complete
        case discard
        /// `show`: the open workout.
        case show
        case week
        case streak
        /// `history-exercise`: `exercise`.
        case exerciseHistory(String)
        /// `history-workouts`: `limit`.
        case workoutHistory(limit: Int?)
    }

    public var at: Date
    /// The event's name as the file spells it (`set`, `history-exercise`).
    public var name: String
    public var action: Action

    /// Reads one line of a replay file. Throws `replay.invalid_event` naming what is wrong.
    public init(line: String) throws(TrainingLogError) {
        let raw: RawEvent
        do {
            raw = try JSONDecoder().decode(RawEvent.self, from: Data(line.utf8))
        } catch let error as DecodingError {
            throw TrainingLogError(.invalidEvent, Self.describe(error))
        } catch {
            throw TrainingLogError(.invalidEvent, "not a JSON object: \(error)")
        }
        guard let at = Timestamp.parse(raw.at) else {
            throw TrainingLogError(.invalidEvent, "at: \"\(raw.at)\" is not a moment like 2026-01-05T18:00:00Z")
        }
        self.at = at
        name = raw.event
        action = try raw.action()
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "\(key.stringValue): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not a JSON object" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A line as written, before its fields are checked against its event.
private struct RawEvent: Decodable {
    var at: String
    var event: String
    var unit: WeightUnit?
    var timeZone: String?
    var questionnaire: JSONValue?
    var start: CalendarDate?
    var seed: UInt64?
    var injuryPolicy: InjuryPolicy?
    var session: String?
    var exercise: String?
    var reps: Int?
    var weight: Double?
    var set: Int?
    var completed: Bool?
    var notes: String?
    var to: String?
    var limit: Int?

    func action() throws(TrainingLogError) -> LogEvent.Action {
        switch event {
        case "settings": return .settings(unit: unit, timeZone: timeZone)
        case "programme":
            guard let questionnaire, case .object = questionnaire else { throw missing("questionnaire", "an object") }
            return .programme(
                questionnaire: questionnaire.rendered(), start: start, seed: seed ?? 0,
                injuryPolicy: injuryPolicy ?? .warn)
        case "start": return .start(session: try required(session, "session"))
        case "set":
            return .set(
                exercise: try required(exercise, "exercise"), reps: try required(reps, "reps"),
                weight: try required(weight, "weight"), unit: unit, number: set, completed: completed ?? true)
        case "submit": return .submit(exercise: try required(exercise, "exercise"), notes: notes)
        case "swap": return .swap(exercise: try required(exercise, "exercise"), to: try required(to, "to"))
        case "dismiss-rest": return .dismissRest
        case "complete": return .complete
        case "discard": return .discard
        case "show": return .show
        case "week": return .week
        case "streak": return .streak
        case "history-exercise": return .exerciseHistory(try required(exercise, "exercise"))
        case "history-workouts": return .workoutHistory(limit: limit)
        default:
            throw TrainingLogError(
                .invalidEvent,
                "event: \"\(event)\" is not an event; events: settings, programme, start, set, submit, swap, "
                    + "dismiss-rest, complete, discard, show, week, streak, history-exercise, history-workouts")
        }
    }

    private func required<Value>(_ value: Value?, _ field: String) throws(TrainingLogError) -> Value {
        guard let value else { throw missing(field, "given") }
        return value
    }

    private func missing(_ field: String, _ what: String) -> TrainingLogError {
        TrainingLogError(
            .invalidEvent,
            "\(field): a \(event) event needs it \(what == "given" ? "" : "as \(what)")"
                .trimmingCharacters(in: .whitespaces))
    }
}
