import ArgumentParser
import Catalog
import Foundation
import TrainingCalendar
import TrainingLog
import UserStore

enum TrainingLogStore: UserStoreKind {
    static let name = "the user's training log"
}

/// `--store FILE`, `--now MOMENT` and `--db FILE`, shared by every command that reads or writes
/// a user's training log.
struct UserLogOptions: ParsableArguments {
    @OptionGroup var file: UserStoreOptions<TrainingLogStore>
    @OptionGroup var database: DatabaseOption

    /// The clock the log reads: `--now`, else the machine's.
    var clock: any WallClock { file.clock }

    /// Opens the log over the catalogue. A new log takes kilograms and this machine's time zone,
    /// until `traindb log settings` changes them. `readOnly`: for commands that only read, which
    /// neither create nor change the file.
    func open(readOnly: Bool = false) throws -> TrainingLog {
        try file.checkNow()
        return try TrainingLog(
            path: file.store, catalog: LogCatalog(database: database.open()), clock: clock, ids: RandomRowIDs(),
            newUser: UserSettings(unit: .kg, timeZone: .current), readOnly: readOnly)
    }
}

extension FormatOption {
    /// Prints `value` as indented JSON, or `text` as it is.
    func print(_ value: some Encodable, text: String) throws {
        switch format {
        case .json: try Terminal.printJSON(value, layout: .indented)
        default: try Terminal.write(text)
        }
    }
}
