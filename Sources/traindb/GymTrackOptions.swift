import ArgumentParser
import Foundation
import GymTrack
import TrainingCalendar
import TrainingLog

/// `--db FILE`, `--now MOMENT` and `--time-zone ZONE`, shared by every `traindb gymtrack` command.
struct GymTrackOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The GymTrack database (created when missing).", valueName: "file"))
    var db: String

    @Option(
        help: ArgumentHelp(
            "Act as of this moment, e.g. 2026-01-05T07:00:00Z (default: now).", valueName: "moment"))
    var now: String?

    @Option(
        help: ArgumentHelp(
            "The user's time zone, which decides what today is (default: this machine's).", valueName: "zone"))
    var timeZone: String?

    func validate() throws {
        if let now, Timestamp.parse(now) == nil {
            throw ValidationError("--now must be a moment like 2026-01-05T07:00:00Z, not \(now)")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone must be a time zone like Europe/London, not \(timeZone)")
        }
    }

    /// Opens the store at `--db`.
    func open() throws -> GymTrack {
        let clock: any WallClock = now.flatMap(Timestamp.parse).map { ManualClock($0) } ?? SystemClock()
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        return try GymTrack(path: db, clock: clock, timeZone: zone)
    }
}
