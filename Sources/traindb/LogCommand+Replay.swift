import ArgumentParser
import Catalog
import Foundation
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog

/// `traindb log replay EVENTS.jsonl`: the app's events, in order, into an empty training log.
struct LogReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay timestamped events (one JSON object per line) into an empty training log.",
        discussion: """
            Each line is {"at": "2026-01-05T18:00:00Z", "event": NAME, …}; events: settings (unit, timeZone), \
            programme (questionnaire, start, seed, injuryPolicy), start (session), set (exercise, reps, weight, \
            unit, set, completed), submit (exercise, notes), swap (exercise, to), dismiss-rest, complete, discard, \
            show, week, streak, history-exercise (exercise), history-workouts (limit). Blank lines and lines \
            starting with # are skipped; events are in time order. The clock is each event's \
            moment and ids come from --seed, so the same events give the same output. Each result is printed as \
            soon as it is stored. A new log is in kilograms and UTC until a settings event changes them.
            Exit status: 0 every event done, 1 some event refused (each refusal is printed in its place), \
            2 could not run (an unreadable file, a log that is not empty).
            """)

    @Argument(help: ArgumentHelp("The events, or - for standard input.", valueName: "events.jsonl"))
    var events: String

    @OptionGroup var file: ReplayStoreOption

    @OptionGroup var database: DatabaseOption
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let text: String
        if events == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: events) else {
                throw CommandError("file.unreadable", "cannot read the events \(events)")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let catalogue = try database.open()
        // Until the first event sets it, the clock reads the first moment a log keeps.
        let clock = ManualClock(TrainingLog.moments.lowerBound)
        let newUser = UserSettings(unit: .kg, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        let ids = file.ids
        let catalog = try LogCatalog(database: catalogue)
        let log =
            try file.store.map { path in
                try TrainingLog(path: path, catalog: catalog, clock: clock, ids: ids, newUser: newUser)
            } ?? TrainingLog(inMemory: catalog, clock: clock, ids: ids, newUser: newUser)
        guard try log.isEmpty() else {
            throw CommandError(
                "replay.store_not_empty", "\(file.store ?? "the log") already holds a programme or workouts")
        }
        let replay = LogReplay(log: log, clock: clock, catalog: try GeneratorCatalog(database: catalogue))
        let encoder = OrderedJSONEncoder()
        var refused = 0
        try replay.run(text) { step in
            if step.error != nil { refused += 1 }
            let rendered = output.format == .json ? try encoder.encodeText(step) + "\n" : step.text
            // Flushed at once: a step printed is a step stored.
            try Terminal.write(rendered)
            try Terminal.flush()
        }
        if refused > 0 {
            throw CommandError.dataErrorsReported
        }
    }
}
