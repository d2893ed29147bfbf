import ArgumentParser
import Catalog
import Foundation

@main
struct TrainDB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traindb",
        abstract: "Check trAIn's exercise workbooks, build the catalogue database and query it.",
        discussion: "Exit status: 0 clean, 1 the data has errors, 2 the command could not run (usage, I/O).",
        version: TrainDBVersion.current,
        subcommands: [
            CheckCommand.self, BuildCommand.self, ReportCommand.self, DiffCommand.self, XLSXCommand.self,
            SchemaCommand.self, QueryCommand.self, EquipmentCommand.self, JointsCommand.self,
            GenerateCommand.self, SwapCommand.self,
        ]
    )

    /// Parses and runs a subcommand; a usage error exits 2, like any command that could not run.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
