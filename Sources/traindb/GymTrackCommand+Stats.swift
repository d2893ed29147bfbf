import ArgumentParser
import EventReplay
import Foundation
import GymTrack
import OrderedJSON
import TrainingCalendar
import UserStore

/// `traindb gymtrack stats [--heatmap FILE.svg]`.
struct GymTrackStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Streaks, quick stats, the challenge card, frequency, the A/B/C distribution; a heatmap.")

    @Option(help: ArgumentHelp("Also write the 52-week challenge heatmap to this SVG file.", valueName: "file.svg"))
    var heatmap: String?

    @OptionGroup var gym: GymTrackOptions
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let (history, today) = try gym.open(readOnly: true).history()
        try GymTrackStatsCommand.report(history: history, today: today, heatmap: heatmap, output: output)
    }

    /// Prints the stats as of `today` and writes the heatmap when asked.
    static func report(
        history: GymHistory, today: CalendarDate, heatmap: String?, output: FormatOption<TextOrJSON>
    ) throws {
        try write(heatmap: heatmap, of: history, today: today)
        let stats = history.stats(today: today)
        try output.print(stats, text: stats.text)
        if let heatmap { try Terminal.wrote(heatmap, besideDocument: output.format == .json) }
    }

    /// Writes the 52-week challenge heatmap to `heatmap`, when asked.
    static func write(heatmap: String?, of history: GymHistory, today: CalendarDate) throws {
        guard let heatmap else { return }
        let svg = history.heatmap(today: today).document.text
        do {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: heatmap), options: .atomic)
        } catch {
            throw CommandError("file.unwritable", "cannot write the heatmap \(heatmap): \(error.localizedDescription)")
        }
    }
}

/// `traindb gymtrack replay EVENTS.jsonl`: a year of use, say, then the stats as of the last event.
struct GymReplayed: ReplayedStore {
    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("The user's time zone.", valueName: "zone"))
        var timeZone = TimeZoneArgument.utc

        @Option(
            help: ArgumentHelp("Also write the 52-week challenge heatmap to this SVG file.", valueName: "file.svg"))
        var heatmap: String?
    }

    /// `--format json`: the events applied, the refusals and the stats.
    struct Result: Encodable {
        var applied: Int
        var refusals: [ReplayRefusal]
        var stats: GymStats
    }

    static let noun = "an empty GymTrack store, then print the stats"
    static let shortNoun = "the store"
    static let contents = "sessions or challenge days"
    static let help = """
        Events: start (type), step (step), finish (partial), tap, set (sets), next, stats. The stats are as of \
        the last event.
        """

    let gym: GymTrack

    init(options: Options, path: String?, clock: ManualClock, ids: SeededRowIDs) throws {
        let zone = options.timeZone.zone
        gym =
            try path.map { try GymTrack(path: $0, clock: clock, timeZone: zone, ids: ids) }
            ?? GymTrack(inMemory: clock, timeZone: zone, ids: ids)
    }

    func isEmpty() throws -> Bool {
        try gym.isEmpty()
    }

    func event(_ fields: ReplayFields) throws(ReplayError) -> GymEvent {
        try GymEvent(fields)
    }

    func apply(_ event: GymEvent) throws {
        try GymReplay.apply(event.action, to: gym)
    }

    func printed(_ step: Replayer.Step<Void>, format: OutputFormat) -> String? {
        nil
    }

    func finish(options: Options, output: FormatOption<TextOrJSON>, applied: Int, refusals: [ReplayRefusal]) throws {
        let (history, today) = try gym.history()
        try GymTrackStatsCommand.write(heatmap: options.heatmap, of: history, today: today)
        let stats = history.stats(today: today)
        try output.print(Result(applied: applied, refusals: refusals, stats: stats), text: stats.text)
        if let heatmap = options.heatmap { try Terminal.wrote(heatmap, besideDocument: output.format == .json) }
    }
}
