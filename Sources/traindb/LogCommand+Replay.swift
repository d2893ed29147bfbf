import ArgumentParser
import Catalog
import EventReplay
import Foundation
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog
import UserStore

/// `traindb log replay EVENTS.jsonl`: the app's events, in order, into an empty training log,
/// each step printed as soon as it is stored.
struct LogReplayed: ReplayedStore {
    struct Options: ParsableArguments {
        @OptionGroup var database: DatabaseOption
    }

    static let noun = "an empty training log"
    static let shortNoun = "the log"
    static let contents = "a programme or workouts"
    static let help = """
        Events: settings (unit, timeZone), programme (questionnaire, start, seed, injuryPolicy), start (session), \
        set (exercise, reps, weight, unit, set, completed), submit (exercise, notes), swap (exercise, to), \
        dismiss-rest, complete, discard, show, week, streak, history-exercise (exercise), history-workouts (limit). \
        Each result is printed as soon as it is stored. A new log is in kilograms and UTC until a settings event \
        changes them.
        """

    let replay: LogReplay

    init(options: Options, path: String?, clock: ManualClock, ids: SeededRowIDs) throws {
        let catalogue = try options.database.open()
        let newUser = UserSettings(unit: .kg, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        let catalog = try LogCatalog(database: catalogue)
        let log =
            try path.map { path in
                try TrainingLog(path: path, catalog: catalog, clock: clock, ids: ids, newUser: newUser)
            } ?? TrainingLog(inMemory: catalog, clock: clock, ids: ids, newUser: newUser)
        replay = LogReplay(log: log, clock: clock, catalog: try GeneratorCatalog(database: catalogue))
    }

    func isEmpty() throws -> Bool {
        try replay.log.isEmpty()
    }

    func event(_ fields: ReplayFields) throws(ReplayError) -> LogEvent {
        try LogEvent(fields)
    }

    func apply(_ event: LogEvent) throws -> LogResult {
        try replay.apply(event)
    }

    func printed(_ step: Replayer.Step<LogResult>, format: OutputFormat) throws -> String? {
        let step = LogReplay.step(step)
        return format == .json ? try OrderedJSONEncoder().encodeText(step) + "\n" : step.text
    }

    func finish(options: Options, output: FormatOption<TextOrJSON>, applied: Int, refusals: [ReplayRefusal]) {}
}
