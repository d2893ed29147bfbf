import ArgumentParser
import EventReplay
import Foundation
import TrainingCalendar
import UserStore

/// A user's store as the one replay command drives it: how it is opened for a replay, its
/// events, and what is printed once the last one has run. Each store's events and rules are its
/// own (`LogEvent`, `GymEvent`, `JournalEvent`); reading the file, refusing a store that holds
/// data, running the lines and printing refusals are `ReplayCommand`'s, the same for all three.
protocol ReplayedStore {
    /// The replay's options besides the shared ones: `--db`, `--time-zone`, `--period` …
    associatedtype Options: ParsableArguments
    associatedtype Event
    associatedtype Outcome

    /// How the help names a new store: "an empty training log".
    static var noun: String { get }
    /// How a refusal names a store kept in memory: "the log".
    static var shortNoun: String { get }
    /// What a store that is not empty holds: "a programme or workouts".
    static var contents: String { get }
    /// The events and their fields, and what is printed after them, for the help.
    static var help: String { get }

    /// Opens the store at `path` (in memory when nil) on the replay's clock and ids.
    init(options: Options, path: String?, clock: ManualClock, ids: SeededRowIDs) throws
    /// Whether the store holds nothing a replay would add to.
    func isEmpty() throws -> Bool
    /// The store's event of a line's fields.
    func event(_ fields: ReplayFields) throws(ReplayError) -> Event
    /// Runs one event on the store, the clock at its moment.
    func apply(_ event: Event) throws -> Outcome
    /// What a step prints in its place, as soon as it has run (the training log prints every
    /// step); nil when only its refusal, if any, is printed there.
    func printed(_ step: Replayer.Step<Outcome>, format: OutputFormat) throws -> String?
    /// Prints what follows the last event: the stats, the progress (nothing for the log).
    func finish(options: Options, output: FormatOption<TextOrJSON>, applied: Int, refusals: [ReplayRefusal])
        throws
}

/// `traindb log|gymtrack|journal replay EVENTS.jsonl`: one command for the three stores.
///
/// The events come from a file or standard input (`-`); a store kept in a file that already
/// holds data is refused before any event runs (a replay run twice never saves its events
/// twice); each refused event is printed on standard output in its place, as the events run
/// (`error[code]: line N: message`; with `--format json`, in the document printed at the end).
struct ReplayCommand<Store: ReplayedStore>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "replay",
            abstract: "Replay timestamped events (one JSON object per line) into \(Store.noun).",
            discussion: """
                Each line is {"at": "2026-01-05T07:00:00Z", "event": NAME, …}. Blank lines and lines starting \
                with # are skipped; events are in time order. The clock is each event's moment and the new rows' \
                ids come from --seed, so the same events give the same output. \(Store.help)
                A refused event is printed on standard output in its place, as the events run: \
                error[code]: line N: message (with --format json, in the document printed at the end).
                Exit status: 0 every event done, 1 some event refused, 2 could not run (an unreadable file, a \
                store that is not empty: a replay run twice never saves its events twice).
                """)
    }

    @Argument(help: ArgumentHelp("The events, or - for standard input.", valueName: "events.jsonl"))
    var events: String

    @OptionGroup var file: ReplayStoreOption
    @OptionGroup var options: Store.Options
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let text = try Self.read(events)
        // Until the first event sets it, the clock reads the first moment a store keeps.
        let clock = ManualClock(Timestamp.kept.lowerBound)
        let store = try Store(options: options, path: file.store, clock: clock, ids: file.ids)
        guard try store.isEmpty() else {
            throw CommandError(
                "replay.store_not_empty", "\(file.store ?? Store.shortNoun) already holds \(Store.contents)")
        }
        let summary = try Replayer(clock: clock).run(text, event: store.event, apply: store.apply) {
            (step: Replayer.Step<Store.Outcome>) in
            // Flushed at once: a step printed is a step stored.
            if let printed = try store.printed(step, format: output.format) {
                try Terminal.write(printed)
            } else if let refusal = step.refusal, output.format != .json {
                try Terminal.write("error[\(refusal.code)]: line \(refusal.line): \(refusal.message)\n")
            }
            try Terminal.flush()
        }
        try store.finish(options: options, output: output, applied: summary.applied, refusals: summary.refusals)
        if !summary.refusals.isEmpty { throw CommandError.dataErrorsReported }
    }

    /// The events' text: the file `argument`, or standard input for `-`.
    static func read(_ argument: String) throws -> String {
        let data =
            argument == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: argument)
        guard let data else { throw CommandError("file.unreadable", "cannot read the events \(argument)") }
        return String(decoding: data, as: UTF8.self)
    }
}
