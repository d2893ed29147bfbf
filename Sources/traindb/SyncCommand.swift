import ArgumentParser
import Foundation
import PostgresStore
import TrainingLog
import UserStore

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync a training log with PostgreSQL (Supabase): push this device's changes, pull the server's.",
        discussion: """
            One server transaction as the user (row-level security: the user's rows only), through \
            the function the app calls too (sync_exchange): this device's deletions and every \
            row changed here since it was last synced go up, and what changed on the server since \
            this device's last sync comes back and is applied here; a row changed here meanwhile \
            keeps this device's version. A row \
            changed here and, since the last sync, on the server is a conflict: the server's row \
            is kept and the conflict is reported. Replaying a push (a sync whose answer was lost) \
            changes nothing. The sync acts as the user the access token proves (verified before \
            the server is touched: signature, expiry, audience); the URL's user must be able to \
            SET ROLE authenticated (Supabase's authenticator can). Once the account was deleted \
            (traindb account delete --postgres, from any device), a sync writes nothing on either \
            side but to record it here, and says when (error sync.account_deleted). Exit status: 0 \
            synced (conflicts included), 2 could not run, 3 the account and its data were deleted \
            on the server.
            """)

    @Option(name: .customLong("store"), help: ArgumentHelp("The device's training log.", valueName: "file"))
    var userDb: String

    @OptionGroup var server: PostgresOption

    @OptionGroup var identity: ServerIdentityOptions

    @OptionGroup var output: FormatOption<TextOrJSON>

    /// Checks that `path` is a training log and brings it to the latest schema (a log from an
    /// earlier release gains the tables the sync reads), before the server is touched. A log
    /// that does not exist yet is a new device's: it is made empty, and the sync brings the
    /// user's rows down into it.
    static func upgrade(_ path: String) throws {
        _ = try UserStore(
            path: path, kind: .trainingLog, noun: "the training log", migrator: TrainingLogSchema.migrator,
            failure: { CommandError("sync.not_a_training_log", $0) })
    }

    func run() async throws {
        let (user, role) = try identity.verified()
        try Self.upgrade(userDb)
        Self.giveUp(after: PostgresURL.timeout, server: try server.url())
        let report: SyncReport
        do {
            report = try await LogSync().sync(userDatabase: userDb, with: try server.url(), user: user, role: role)
        } catch let error as PostgresStoreError where error.code == "sync.account_deleted" {
            throw CommandError(error.code, error.message, status: .accountDeleted)
        }
        switch output.format {
        case .json: try Terminal.printJSON(report, layout: .sortedReport)
        default: try Terminal.write(report.text())
        }
    }

    /// Ends the process with exit status 2 if the sync is still waiting after `seconds`: a
    /// server that stopped answering must not hang a sync for minutes. The server rolls back
    /// what it had not committed when the connection drops; this device's log is changed only
    /// in one transaction after the server's answer, so it is left whole either way.
    static func giveUp(after seconds: TimeInterval, server: PostgresURL) {
        let watchdog = Thread {
            Thread.sleep(forTimeInterval: seconds)
            let line = "traindb: error[postgres.unreachable]: \(server) did not answer within \(Int(seconds)) s: "
                + "abandoned (the server rolls back what it had not committed); try again\n"
            FileHandle.standardError.write(Data(line.utf8))
            Foundation.exit(2)
        }
        watchdog.start()
    }
}
