import ArgumentParser
import FitnessJournal
import Foundation
import TrainingCalendar
import TrainingLog

/// `--db FILE` and `--now MOMENT`, shared by every `traindb journal` command.
struct JournalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The journal's database file (created when missing).", valueName: "file"))
    var db: String

    @Option(
        help: ArgumentHelp(
            "Act as of this moment, e.g. 2026-11-23T07:30:00Z (default: now).", valueName: "moment"))
    var now: String?

    func validate() throws {
        if let now, Timestamp.parse(now) == nil {
            throw ValidationError("--now must be a moment like 2026-11-23T07:30:00Z, not \(now)")
        }
    }

    /// The clock the journal reads: `--now`, else the machine's.
    var clock: any WallClock {
        now.flatMap(Timestamp.parse).map { ManualClock($0) } ?? SystemClock()
    }

    /// Opens the journal. A new one takes this machine's time zone until `traindb journal
    /// settings --time-zone` changes it.
    func open() throws -> FitnessJournal {
        try FitnessJournal(path: db, clock: clock, newUser: JournalSettings(timeZone: .current))
    }
}

extension ExerciseType: ExpressibleByArgument {}
extension Intensity: ExpressibleByArgument {}
extension Mood: ExpressibleByArgument {}
extension SleepQuality: ExpressibleByArgument {}
extension ProgressPeriod: ExpressibleByArgument {}
