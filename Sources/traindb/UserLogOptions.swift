import ArgumentParser
import Catalog
import Foundation
import TrainingCalendar
import TrainingLog

/// `--user-db FILE`, `--now MOMENT` and `--db FILE`, shared by every command that reads or writes
/// a user's training log.
struct UserLogOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The user's training log (created when missing).", valueName: "file"))
    var userDb: String

    @Option(
        help: ArgumentHelp(
            "Act as of this moment, e.g. 2026-01-05T18:00:00Z (default: now).", valueName: "moment"))
    var now: String?

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if let now, Timestamp.parse(now) == nil {
            throw ValidationError("--now must be a moment like 2026-01-05T18:00:00Z, not \(now)")
        }
    }

    /// The clock the log reads: `--now`, else the machine's.
    var clock: any WallClock {
        now.flatMap(Timestamp.parse).map { ManualClock($0) } ?? SystemClock()
    }

    /// Opens the log over the catalogue. A new log takes kilograms and this machine's time zone,
    /// until `traindb log settings` changes them.
    func open() throws -> TrainingLog {
        try TrainingLog(
            path: userDb, catalog: LogCatalog(database: database.open()), clock: clock, ids: RandomRowIDs(),
            newUser: UserSettings(unit: .kg, timeZone: .current))
    }
}

extension FormatOption {
    /// Prints `value` as indented JSON, or `text` as it is.
    func print(_ value: some Encodable, text: String) throws {
        switch format {
        case .json: try Terminal.printJSON(value, layout: .indented)
        default: Swift.print(text, terminator: "")
        }
    }
}
