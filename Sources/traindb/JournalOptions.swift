import ArgumentParser
import FitnessJournal

enum JournalStore: UserStoreKind {
    static let name = "the fitness journal"
}

/// `--store FILE` and `--now MOMENT`, shared by every `traindb journal` command.
struct JournalOptions: ParsableArguments {
    @OptionGroup var file: UserStoreOptions<JournalStore>

    /// Opens the journal. A new one takes this machine's time zone until `traindb journal
    /// settings --time-zone` changes it. `readOnly` for commands that only read, which neither
    /// create nor change the file.
    func open(readOnly: Bool = false) throws -> FitnessJournal {
        try file.checkNow()
        return try FitnessJournal(
            path: file.store, clock: file.clock, newUser: JournalSettings(timeZone: .current), readOnly: readOnly)
    }
}

extension ExerciseType: ExpressibleByArgument {}
extension Intensity: ExpressibleByArgument {}
extension Mood: ExpressibleByArgument {}
extension SleepQuality: ExpressibleByArgument {}
extension ProgressPeriod: ExpressibleByArgument {}
