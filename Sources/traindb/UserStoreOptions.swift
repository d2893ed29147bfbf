import ArgumentParser
import Foundation
import TrainingCalendar
import UserInput
import UserStore

/// `--now MOMENT`, read once into the moment it names.
struct MomentArgument: ExpressibleByArgument, Sendable {
    let moment: Date

    init?(argument: String) {
        guard let moment = Timestamp.parse(argument) else { return nil }
        self.moment = moment
    }
}

/// `--time-zone ZONE`, read once into the IANA time zone it names.
struct TimeZoneArgument: ExpressibleByArgument, Sendable {
    let zone: TimeZone

    init?(argument: String) {
        guard let zone = TimeZone(identifier: argument) else { return nil }
        self.zone = zone
    }

    init(_ zone: TimeZone) {
        self.zone = zone
    }

    var defaultValueDescription: String { zone.identifier }

    static let utc = TimeZoneArgument(TimeZone(identifier: "UTC") ?? .gmt)
}

/// What the help of a user store's options says about its file.
protocol UserStoreKind {
    /// The store, in words: "the user's training log".
    static var name: String { get }
}

/// `--store FILE` and `--now MOMENT`, shared by every command on a user's own file (the training
/// log, GymTrack, the journal): the file the store lives in and the clock it reads. `--db` is
/// always the catalogue.
struct UserStoreOptions<Kind: UserStoreKind>: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "\(Kind.name.prefix(1).uppercased() + Kind.name.dropFirst()) (created when missing).",
            valueName: "file"))
    var store: String

    @Option(
        help: ArgumentHelp(
            "Act as of this moment, e.g. 2026-01-05T18:00:00Z (default: now).", valueName: "moment"))
    var now: MomentArgument?

    /// Refuses a `--now` outside the moments the stores keep, for the commands that read as for
    /// those that write: a week or a streak of the year 9999 is a typing mistake, not an answer.
    /// Each command's `open` calls it first.
    func checkNow() throws {
        if let now, let problem = UserInput.momentProblem(now.moment) {
            throw CommandError("moment.out_of_range", "--now: \(problem)")
        }
    }

    /// The clock the store reads: `--now`, else the machine's.
    var clock: any WallClock {
        now.map { ManualClock($0.moment) } ?? SystemClock()
    }
}

/// How a replay keeps its store: in memory, or in `--store FILE` (the training log's and
/// GymTrack's replays refuse a store that already holds data).
struct ReplayStoreOption: ParsableArguments {
    @Option(help: ArgumentHelp("Keep the store in this file (default: in memory).", valueName: "file"))
    var store: String?

    @Option(
        help: ArgumentHelp("The seed of the new rows' ids: the same events and seed, the same ids.", valueName: "n"))
    var seed: UInt64 = 0

    /// The ids of the rows the replay saves.
    var ids: SeededRowIDs {
        SeededRowIDs(seed: seed)
    }
}
