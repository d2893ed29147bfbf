import ArgumentParser
import Catalog
import CatalogBuild

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two catalogue databases: exercises added, removed, renamed and changed.",
        discussion: """
            A removed exercise_id is an error (exit 1): users' logs point at it. Retire an \
            exercise by keeping its row with include_in_programme = 0. CI can run this against \
            the previous release's database.
            """)

    @Argument(help: "The previous database.")
    var old: String

    @Argument(help: "The new database.")
    var new: String

    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let diff = CatalogDiff(
            old: try CatalogDatabase(path: old).exercises(),
            new: try CatalogDatabase(path: new).exercises())
        switch output.format {
        case .json: try Terminal.printJSON(diff, layout: .sortedReport)
        default: print(diff.text(), terminator: "")
        }
        if diff.errorCount > 0 { throw CommandError.dataErrorsReported }
    }
}
