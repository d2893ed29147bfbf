import EventReplay
import Foundation
import ProgrammeGenerator
import TrainingCalendar

/// Drives a training log with the events of a replay file (the grammar of `Replayer`), one line
/// at a time: the clock is set to each event's moment, the event's call runs (one transaction),
/// and its result or its refusal comes back. The same events into an empty log give the same
/// results, byte for byte.
public struct LogReplay: Sendable {
    /// One line's outcome.
    public struct Step: Encodable, Hashable, Sendable {
        /// The error of a refused or unreadable event.
        public struct Failure: Encodable, Hashable, Sendable {
            public let code: String
            public let message: String
        }

        /// The line's number in the file, from 1.
        public let line: Int
        public let at: String?
        public let event: String?
        public let result: LogResult?
        public let error: Failure?

        /// `> 2026-01-05T18:02:00.000Z set`, then the result's text or the error line, then a
        /// blank line.
        public var text: String {
            let head = "> \(at ?? "?") \(event ?? "?")\n"
            if let error { return head + "error[\(error.code)]: \(error.message)\n\n" }
            return head + (result?.text ?? "") + "\n"
        }
    }

    public let log: TrainingLog
    public let clock: ManualClock
    /// The catalogue `programme` events generate from; without it they are refused.
    public let catalog: GeneratorCatalog?

    /// `log` must read `clock`, which the replay sets to each event's moment.
    public init(log: TrainingLog, clock: ManualClock, catalog: GeneratorCatalog?) {
        self.log = log
        self.clock = clock
        self.catalog = catalog
    }

    /// Runs every line of a replay file in order, handing each step to `body` as soon as it is
    /// stored. The loop is `Replayer`'s, the one of every store's replay.
    public func run<Failure: Error>(_ text: String, _ body: (Step) throws(Failure) -> Void) throws(Failure) {
        try Replayer(clock: clock).run(text, event: LogEvent.init, apply: apply) {
            (step: Replayer.Step<LogResult>) throws(Failure) in try body(Self.step(step))
        }
    }

    /// Runs line `number` of a file; nil for a blank or comment line.
    public func run(line text: String, number: Int) -> Step? {
        Replayer(clock: clock).step(line: text, number: number, event: LogEvent.init, apply: apply).map(Self.step)
    }

    /// A step of the replay loop (`Replayer`) as the log prints it: a line that could not be
    /// read says its number in its message, a refusal of the log's rules gives the log's error.
    public static func step(_ step: Replayer.Step<LogResult>) -> Step {
        let at = step.at.map(Timestamp.text)
        switch step.outcome {
        case .success(let result):
            return Step(line: step.line, at: at, event: step.event, result: result, error: nil)
        case .failure(let refusal):
            let diagnostic = refusal.diagnostic
            let message = refusal.unreadable ? "line \(step.line): \(diagnostic.message)" : diagnostic.message
            return Step(
                line: step.line, at: at, event: step.event, result: nil,
                error: .init(code: diagnostic.code, message: message))
        }
    }

    /// Runs an event's action on the log.
    public func apply(_ event: LogEvent) throws(TrainingLogError) -> LogResult {
        try apply(event.action)
    }

    /// Runs one action on the log.
    public func apply(_ action: LogEvent.Action) throws(TrainingLogError) -> LogResult {
        switch action {
        case .settings(let unit, let timeZone):
            return .settings(try log.updateSettings(unit: unit, timeZone: timeZone))
        case .programme(let questionnaire, let start, let seed, let policy):
            guard let catalog else {
                throw TrainingLogError(.noProgramme, "this replay has no catalogue to generate a programme from")
            }
            let today = CalendarDate(clock.now(), in: try log.settings().timeZone)
            let programme: Programme
            do {
                programme = try ProgrammeGenerator(catalog: catalog, options: GeneratorOptions(injuryPolicy: policy))
                    .generate(fromJSON: Data(questionnaire.utf8), seed: seed, createdDate: today)
            } catch {
                let problems = error.problems.map { "\($0.field): \($0.message)" }
                throw TrainingLogError(
                    .invalidEvent,
                    "questionnaire: " + (problems.isEmpty ? error.message : problems.joined(separator: "; ")))
            }
            return .programme(try log.startProgramme(programme, questionnaireJSON: questionnaire, startDate: start))
        case .start(let session): return .workout(try log.startWorkout(session: session))
        case .set(let exercise, let reps, let weight, let unit, let number, let completed):
            let userUnit = try log.settings().unit
            let entry = SetEntry(reps: reps, weight: weight, unit: unit ?? userUnit)
            if let number {
                return .set(try log.editSet(exercise: exercise, number: number, entry, completed: completed))
            }
            return .set(try log.logSet(exercise: exercise, entry, completed: completed))
        case .submit(let exercise, let notes): return .submitted(try log.submit(exercise: exercise, notes: notes))
        case .swap(let exercise, let replacement): return .swapped(try log.swap(exercise: exercise, for: replacement))
        case .dismissRest: return .workout(try log.dismissRestTimer())
        case .complete: return .completed(try log.completeWorkout())
        case .discard: return .discarded(try log.discardWorkout())
        case .show: return .workout(try log.currentWorkout())
        case .week: return .week(try log.week())
        case .streak: return .streak(try log.streak())
        case .exerciseHistory(let exercise): return .exerciseHistory(try log.exerciseHistory(exercise))
        case .workoutHistory(let limit): return .workoutHistory(try log.workoutHistory(limit: limit))
        }
    }
}
