import ArgumentParser
import GymTrack

enum GymTrackStore: UserStoreKind {
    static let name = "the GymTrack store"
}

/// `--store FILE`, `--now MOMENT` and `--time-zone ZONE`, shared by every `traindb gymtrack`
/// command.
struct GymTrackOptions: ParsableArguments {
    @OptionGroup var file: UserStoreOptions<GymTrackStore>

    @Option(
        help: ArgumentHelp(
            "The user's time zone, e.g. Europe/London, which decides today (default: this machine's).",
            valueName: "zone"))
    var timeZone: TimeZoneArgument?

    /// Opens the store at `--store`; `readOnly` for commands that only read, which neither
    /// create nor change the file.
    func open(readOnly: Bool = false) throws -> GymTrack {
        try file.checkNow()
        return try GymTrack(
            path: file.store, clock: file.clock, timeZone: timeZone?.zone ?? .current, readOnly: readOnly)
    }
}
