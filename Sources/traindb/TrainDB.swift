import ArgumentParser
import Catalog
import CatalogBuild
import Foundation

/// Every command, subcommands included, gives its `commandName`: ArgumentParser derives a
/// missing one from the type's name, and each such derivation scans the Swift runtime's table
/// of protocol conformances (about 2 million instructions a command), at every start.
@main
struct TrainDB: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traindb",
        abstract: "Check trAIn's exercise workbooks, build the catalogue database and query it; log training.",
        discussion: """
            Exit status: 0 clean, 1 the data has errors, 2 the command could not run (usage, I/O). A command \
            that saved a change to a user's store exits 0 even when standard output then fails (a warning \
            says so): running it again would save the change twice.
            """,
        subcommands: [
            CheckCommand.self, BuildCommand.self, ReportCommand.self, DiffCommand.self, XLSXCommand.self,
            SchemaCommand.self, QueryCommand.self, EquipmentCommand.self, JointsCommand.self,
            GenerateCommand.self, SwapCommand.self, LogCommand.self, HistoryCommand.self, WeekCommand.self,
            StreakCommand.self, GymTrackCommand.self, JournalCommand.self, ProfileCommand.self, AccountCommand.self,
            PublishCommand.self, SyncCommand.self, TokenCommand.self, ServeCommand.self,
        ]
    )

    // The version is the root's own flag, so that no subcommand's help lists it.
    @Flag(help: "Show the version.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        try Terminal.write(TrainDBVersion.current + "\n")
    }

    /// Parses and runs a subcommand. The exit status is decided here and only here: help and
    /// the version exit 0; a usage error exits 2 with the parser's message; a command's error is
    /// rendered once as `traindb: error[code]: message` and exits with its status (1 or 2).
    /// Output that did not reach standard output in full turns any status into 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(after: error)
        }
        exit(after: nil)
    }

    /// Flushes standard output, then exits with the status `commandError` calls for (0 for
    /// none), or 2 when the output was lost.
    private static func exit(after commandError: (any Error)?) -> Never {
        var error = commandError
        do {
            if let error, exitCode(for: error) == .success { try Terminal.write(fullMessage(for: error) + "\n") }
            if !Terminal.isOutputFailure(error) { try Terminal.flush() }
        } catch let outputError {
            error = outputError
        }
        guard let error else { Foundation.exit(0) }
        if Terminal.savedChange, Terminal.isOutputFailure(error), let failure = error as? CommandError {
            // The change is in the store: a failure status would invite a second, duplicate one.
            FileHandle.standardError.write(Data(Terminal.savedButUnconfirmed(failure).utf8))
            Foundation.exit(0)
        }
        switch exitCode(for: error) {
        case .success:
            Foundation.exit(0)
        case .validationFailure:
            // The parser's "Error: …" line in traindb's shape; its usage lines follow as they are.
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") {
                var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let arguments = Array(CommandLine.arguments.dropFirst())
                lines[0] = "traindb: error[usage]: "
                    + (UsageHint.unknownCommand(in: arguments, root: Self.self) ?? String(lines[0].dropFirst(7)))
                message = lines.joined(separator: "\n")
            }
            FileHandle.standardError.write(Data((message + "\n").utf8))
            Foundation.exit(CommandError.Status.couldNotRun.rawValue)
        default:
            let failure = CommandError(error)
            Terminal.report(failure)
            Foundation.exit(failure.status.rawValue)
        }
    }
}
