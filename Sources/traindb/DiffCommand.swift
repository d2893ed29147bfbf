import ArgumentParser
import Catalog
import CatalogBuild

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two catalogue databases: exercises added, removed, renamed and changed.",
        discussion: """
            A removed exercise_id is an error (exit 1): users' logs point at it. Retire an \
            exercise by keeping its row with include_in_programme = 0. A removed contraindication \
            (canonical group × joint) is a warning, an error with --strict. The previous \
            release's database may have an earlier schema version: it is read into memory and \
            upgraded there, never written.
            """)

    @Argument(help: "The previous database.")
    var old: String

    @Argument(help: "The new database.")
    var new: String

    @OptionGroup var output: FormatOption<TextOrJSON>

    @Flag(name: .long, help: "Treat warnings (removed contraindications) as errors.")
    var strict = false

    func run() throws {
        let before = try CatalogDatabase.upgradedCopy(of: old)
        let after = try CatalogDatabase.upgradedCopy(of: new)
        let diff = CatalogDiff(
            old: try before.exercises(), new: try after.exercises(),
            oldContraindications: try before.contraindications(), newContraindications: try after.contraindications(),
            oldExceptions: try before.exerciseExceptions(), newExceptions: try after.exerciseExceptions())
        switch output.format {
        case .json: try Terminal.printJSON(diff, layout: .sortedReport)
        default: try Terminal.write(diff.text())
        }
        if diff.errorCount > 0 || (strict && diff.warningCount > 0) { throw CommandError.dataErrorsReported }
    }
}
