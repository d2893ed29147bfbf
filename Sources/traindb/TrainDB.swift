import ArgumentParser
import Catalog

@main
struct TrainDB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traindb",
        abstract: "Check trAIn's exercise workbooks, build the catalogue database and query it.",
        version: TrainDBVersion.current,
        subcommands: []
    )
}
