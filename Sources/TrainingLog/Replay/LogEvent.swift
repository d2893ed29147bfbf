import EventReplay
import Foundation
import ProgrammeGenerator
import TrainingCalendar

/// One event of a replay: what the app would send, at a moment. A replay file holds one JSON
/// object per line, `{"at": "2026-01-05T18:02:00Z", "event": "set", "exercise": "…", "reps": 8,
/// "weight": 60}`, in the grammar of `Replayer`; the events and their fields are the cases below.
public struct LogEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// `settings`: `unit` (`kg`/`lbs`), `timeZone` (IANA).
        case settings(unit: WeightUnit?, timeZone: TimeZone?)
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

    /// The events a training log replays.
    public static let names = [
        "settings", "programme", "start", "set", "submit", "swap", "dismiss-rest", "complete", "discard", "show",
        "week", "streak", "history-exercise", "history-workouts",
    ]

    /// The event `fields` hold; the error names the field at fault and what it expected.
    public init(_ fields: ReplayFields) throws(ReplayError) {
        at = fields.at
        name = fields.event
        action = try Self.action(fields)
    }

    private static func action(_ fields: ReplayFields) throws(ReplayError) -> Action {
        switch fields.event {
        case "settings":
            return .settings(
                unit: try fields.value("unit", as: WeightUnit.self), timeZone: try fields.timeZone("timeZone"))
        case "programme":
            let questionnaire = try fields.required(try fields.object("questionnaire"), "questionnaire")
            return .programme(
                questionnaire: questionnaire.rendered(), start: try fields.date("start"),
                seed: try fields.unsigned("seed") ?? 0,
                injuryPolicy: try fields.value("injuryPolicy", as: InjuryPolicy.self) ?? .warn)
        case "start": return .start(session: try fields.required(try fields.string("session"), "session"))
        case "set":
            return .set(
                exercise: try fields.required(try fields.string("exercise"), "exercise"),
                reps: try fields.required(try fields.int("reps"), "reps"),
                weight: try fields.required(try fields.double("weight"), "weight"),
                unit: try fields.value("unit", as: WeightUnit.self), number: try fields.int("set"),
                completed: try fields.bool("completed") ?? true)
        case "submit":
            return .submit(
                exercise: try fields.required(try fields.string("exercise"), "exercise"),
                notes: try fields.string("notes"))
        case "swap":
            return .swap(
                exercise: try fields.required(try fields.string("exercise"), "exercise"),
                to: try fields.required(try fields.string("to"), "to"))
        case "dismiss-rest": return .dismissRest
        case "complete": return .complete
        case "discard": return .discard
        case "show": return .show
        case "week": return .week
        case "streak": return .streak
        case "history-exercise":
            return .exerciseHistory(try fields.required(try fields.string("exercise"), "exercise"))
        case "history-workouts": return .workoutHistory(limit: try fields.int("limit"))
        default: throw fields.unknownEvent(names)
        }
    }
}
