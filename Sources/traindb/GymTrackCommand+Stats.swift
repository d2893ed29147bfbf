import ArgumentParser
import Foundation
import GymTrack
import OrderedJSON
import TrainingCalendar

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
        if let heatmap {
            let svg = history.heatmap(today: today).document.text
            do {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: heatmap), options: .atomic)
            } catch {
                throw CommandError(
                    "file.unwritable", "cannot write the heatmap \(heatmap): \(error.localizedDescription)")
            }
        }
        let stats = history.stats(today: today)
        try output.print(stats, text: stats.text)
        if let heatmap { try Terminal.wrote(heatmap, besideDocument: output.format == .json) }
    }
}

/// `traindb gymtrack replay EVENTS.jsonl`: a year of use, say, then the stats.
struct GymTrackReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay dated GymTrack events (one JSON object per line), then print the stats.",
        discussion: """
            Each line is {"at": "2026-01-05T07:00:00Z", "event": NAME, …}; events: start (type), step (step), \
            finish (partial), tap, set (sets), next, stats. Blank lines and lines starting with # are \
            skipped; events are in time order. The clock is each event's moment; the stats are as of \
            the last one. A refused event is reported on standard error with its line number.
            Exit status: 0 every event done, 1 some event refused, 2 could not run (an unreadable file, a store \
            that is not empty).
            """)

    @Argument(help: ArgumentHelp("The events, or - for standard input.", valueName: "events.jsonl"))
    var events: String

    @OptionGroup var file: ReplayStoreOption

    @Option(help: ArgumentHelp("The user's time zone.", valueName: "zone"))
    var timeZone = TimeZoneArgument.utc

    @Option(help: ArgumentHelp("Also write the 52-week challenge heatmap to this SVG file.", valueName: "file.svg"))
    var heatmap: String?

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let zone = timeZone.zone
        let data =
            events == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: events)
        guard let data else { throw CommandError("file.unreadable", "cannot read the events \(events)") }
        // Until the first event sets it, the clock reads the first moment a store keeps.
        let clock = ManualClock(Timestamp.kept.lowerBound)
        let gym =
            try file.store.map { try GymTrack(path: $0, clock: clock, timeZone: zone, ids: file.ids) }
            ?? GymTrack(inMemory: clock, timeZone: zone, ids: file.ids)
        guard try gym.isEmpty() else {
            throw CommandError(
                "replay.store_not_empty", "\(file.store ?? "the store") already holds sessions or challenge days")
        }
        let refusals = GymReplay(gym: gym, clock: clock).run(String(decoding: data, as: UTF8.self))
        for refusal in refusals {
            Terminal.note("traindb: error[\(refusal.code)]: line \(refusal.line): \(refusal.message)")
        }
        let (history, today) = try gym.history()
        try GymTrackStatsCommand.report(history: history, today: today, heatmap: heatmap, output: output)
        if !refusals.isEmpty { throw CommandError.dataErrorsReported }
    }
}
