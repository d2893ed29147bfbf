import ArgumentParser
import FitnessJournal
import Foundation
import TrainingCalendar
import TrainingLog

/// `traindb journal replay EVENTS.jsonl`: a journal's events, in order, each at its moment.
struct JournalReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay timestamped events (one JSON object per line) into an empty journal.",
        discussion: """
            Each line is {"at": "2026-01-05T07:00:00Z", "event": NAME, …}; events: workout (type, minutes, \
            intensity, notes), checkin (mood, energy, sleep, notes), delete (id: the workout's id or its first \
            characters; ids come from --seed), settings (name, goal, reminder, \
            reminderOn, notifications, timeZone). Blank lines and lines starting with # are skipped; events \
            are in time order. The clock is each event's \
            moment. A new journal counts days in UTC until a settings event changes its time zone. Then the \
            progress of --period is printed as of the last event (or --now).
            Exit status: 0 every event applied, 1 some refused (each listed with its line), 2 could not run (an \
            unreadable file, a journal that is not empty: a replay run twice never saves its events twice).
            """)

    @Argument(help: ArgumentHelp("The events, or - for standard input.", valueName: "events.jsonl"))
    var events: String

    @OptionGroup var file: ReplayStoreOption

    @Option(help: ArgumentHelp("Report progress as of this moment (default: the last event's).", valueName: "moment"))
    var now: MomentArgument?

    @Option(help: "The progress shown afterwards: week, month or all.")
    var period: ProgressPeriod = .all

    @OptionGroup var output: FormatOption<TextOrJSON>

    struct Result: Encodable {
        var applied: Int
        var refusals: [JournalReplay.Refusal]
        var progress: ProgressReport
    }

    func run() throws {
        let data =
            events == "-"
            ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: events)
        guard let data else { throw CommandError("file.unreadable", "cannot read the events \(events)") }
        // Until the first event sets it, the clock reads the first moment a store keeps.
        let clock = ManualClock(Timestamp.kept.lowerBound)
        let newUser = JournalSettings(timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        let journal =
            try file.store.map { try FitnessJournal(path: $0, clock: clock, newUser: newUser, ids: file.ids) }
            ?? FitnessJournal(inMemoryWith: clock, newUser: newUser, ids: file.ids)
        guard try journal.isEmpty() else {
            throw CommandError(
                "replay.store_not_empty", "\(file.store ?? "the journal") already holds workouts or check-ins")
        }
        let replay = JournalReplay(String(decoding: data, as: UTF8.self), into: journal, clock: clock)
        if let now { clock.set(now.moment) }
        let result = Result(applied: replay.applied, refusals: replay.refusals, progress: try journal.progress(period))
        var text = "Replayed \(replay.applied) event\(replay.applied == 1 ? "" : "s")"
        text += replay.refusals.isEmpty ? ".\n" : "; \(replay.refusals.count) refused:\n"
        for refusal in replay.refusals {
            text += "  line \(refusal.line): error[\(refusal.code)]: \(refusal.message)\n"
        }
        try output.print(result, text: text + "\n" + result.progress.text)
        if !replay.refusals.isEmpty { throw CommandError.dataErrorsReported }
    }
}
