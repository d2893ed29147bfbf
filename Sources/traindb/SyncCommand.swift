import ArgumentParser
import PostgresStore

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync a training log with PostgreSQL (Supabase): push this device's changes, pull the server's.",
        discussion: """
            One server transaction as the user (row-level security: the user's rows only): this \
            device's deletions, then every row changed here since it was last synced, then the \
            user's whole log read back, which this device's log is then made equal to. A row \
            changed here and, since the last sync, on the server is a conflict: the server's row \
            is kept and the conflict is reported. Replaying a push (a sync whose answer was lost) \
            changes nothing. The URL's user must be able to SET ROLE to --role (Supabase's \
            authenticator can). Exit status: 0 synced (conflicts included), 2 could not run.
            """)

    @Option(name: .customLong("store"), help: ArgumentHelp("The device's training log.", valueName: "file"))
    var userDb: String

    @OptionGroup var server: PostgresOption

    @Option(help: ArgumentHelp("The user whose log this is (their auth.uid(), a UUID).", valueName: "uuid"))
    var user: String

    @Option(help: ArgumentHelp("The role the sync runs as (SET ROLE).", valueName: "role"))
    var role = "authenticated"

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() async throws {
        let report = try await LogSync().sync(
            userDatabase: userDb, with: try server.url(), user: user, role: role)
        switch output.format {
        case .json: try Terminal.printJSON(report, layout: .sortedReport)
        default: try Terminal.write(report.text())
        }
    }
}
