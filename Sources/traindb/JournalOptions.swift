import ArgumentParser
import FitnessJournal

enum JournalStore: UserStoreKind {
    static let name = "the fitness journal"
}

/// `--store FILE` and `--now MOMENT`, shared by every `traindb journal` command.
struct JournalOptions: ParsableArguments {
    @OptionGroup var file: UserStoreOptions<JournalStore>

    /// Opens the journal. A new one takes this machine's time zone until `traindb journal
    /// settings --time-zone` changes it.
    func open() throws -> FitnessJournal {
        try FitnessJournal(path: file.store, clock: file.clock, newUser: JournalSettings(timeZone: .current))
    }
}

extension ExerciseType: ExpressibleByArgument {}
extension Intensity: ExpressibleByArgument {}
extension Mood: ExpressibleByArgument {}
extension SleepQuality: ExpressibleByArgument {}
extension ProgressPeriod: ExpressibleByArgument {}
