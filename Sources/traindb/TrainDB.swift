import ArgumentParser
import Catalog
import CatalogBuild
import Foundation

@main
struct TrainDB: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traindb",
        abstract: "Check trAIn's exercise workbooks, build the catalogue database and query it.",
        discussion: "Exit status: 0 clean, 1 the data has errors, 2 the command could not run (usage, I/O).",
        version: TrainDBVersion.current,
        subcommands: [
            CheckCommand.self, BuildCommand.self, ReportCommand.self, DiffCommand.self, XLSXCommand.self,
            SchemaCommand.self, QueryCommand.self, EquipmentCommand.self, JointsCommand.self,
            GenerateCommand.self, SwapCommand.self, PublishCommand.self,
        ]
    )

    /// Parses and runs a subcommand. The exit status is decided here and only here: help and
    /// the version exit 0; a usage error exits 2 with the parser's message; a command's error is
    /// rendered once as `traindb: error[code]: message` and exits with its status (1 or 2).
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
    }

    private static func exit(after error: any Error) -> Never {
        switch exitCode(for: error) {
        case .success:
            exit(withError: error)
        case .validationFailure:
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(CommandError.Status.couldNotRun.rawValue)
        default:
            let failure = CommandError(error)
            Terminal.report(failure)
            Foundation.exit(failure.status.rawValue)
        }
    }
}
