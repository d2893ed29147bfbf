import ArgumentParser
import EventReplay
import FitnessJournal
import Foundation
import TrainingCalendar
import UserStore

/// `traindb journal replay EVENTS.jsonl`: a journal's events, in order, each at its moment, then
/// the progress.
struct JournalReplayed: ReplayedStore {
    struct Options: ParsableArguments {
        @Option(
            help: ArgumentHelp("Report progress as of this moment (default: the last event's).", valueName: "moment"))
        var now: MomentArgument?

        @Option(help: "The progress shown afterwards: week, month or all.")
        var period: ProgressPeriod = .all
    }

    /// `--format json`: the events applied, the refusals and the progress.
    struct Result: Encodable {
        var applied: Int
        var refusals: [ReplayRefusal]
        var progress: ProgressReport
    }

    static let noun = "an empty journal, then print the progress"
    static let shortNoun = "the journal"
    static let contents = "workouts or check-ins"
    static let help = """
        Events: workout (type, minutes, intensity, notes), checkin (mood, energy, sleep, notes), delete (id: the \
        workout's id or its first characters), settings (name, goal, reminder, reminderOn, notifications, \
        timeZone). A new journal counts days in UTC until a settings event changes its time zone. Then the \
        progress of --period is printed as of the last event (or --now).
        """

    let journal: FitnessJournal
    let clock: ManualClock

    init(options: Options, path: String?, clock: ManualClock, ids: SeededRowIDs) throws {
        let newUser = JournalSettings(timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        journal =
            try path.map { try FitnessJournal(path: $0, clock: clock, newUser: newUser, ids: ids) }
            ?? FitnessJournal(inMemoryWith: clock, newUser: newUser, ids: ids)
        self.clock = clock
    }

    func isEmpty() throws -> Bool {
        try journal.isEmpty()
    }

    func event(_ fields: ReplayFields) throws(ReplayError) -> JournalEvent {
        try JournalEvent(fields)
    }

    func apply(_ event: JournalEvent) throws {
        try JournalReplay.apply(event.action, to: journal)
    }

    func printed(_ step: Replayer.Step<Void>, format: OutputFormat) -> String? {
        nil
    }

    func finish(options: Options, output: FormatOption<TextOrJSON>, applied: Int, refusals: [ReplayRefusal]) throws {
        if let now = options.now { clock.set(now.moment) }
        let result = Result(applied: applied, refusals: refusals, progress: try journal.progress(options.period))
        var text = "Replayed \(applied) event\(applied == 1 ? "" : "s")"
        text += refusals.isEmpty ? ".\n" : "; \(refusals.count) refused.\n"
        try output.print(result, text: text + "\n" + result.progress.text)
    }
}
