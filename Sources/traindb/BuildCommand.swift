import ArgumentParser
import Catalog
import CatalogBuild
import CatalogImport

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check both workbooks and, when they have no errors, write the catalogue database.",
        discussion: """
            The database is built into a temporary file beside the target, checked (foreign keys, \
            integrity) and renamed into place: a failed build leaves an existing database untouched. \
            The target must be a regular file (or not exist) other than the workbooks. A second \
            build of the same target is refused while one runs; a killed build's temporary files \
            are removed by the next build.
            """)

    @OptionGroup var options: CheckOptions

    @Option(name: .long, help: "Where to write the database.")
    var output = "database-management/build/exercises.sqlite"

    func run() throws {
        let inputs = CatalogImporter.workbookPaths(in: options.source.workbooks)
        do {
            try CatalogDatabaseWriter.checkTarget(output, inputs: inputs)
        } catch {
            throw CommandError(error, file: output)
        }
        let result = try options.run(printClean: false, building: true)
        guard !options.fails(result), let content = result.content else {
            let summary = ProblemReport(problems: result.problems).summary
            throw CommandError(
                "build.check_failed", "nothing written: the workbooks have \(summary)", status: .dataErrors)
        }
        do {
            try CatalogDatabaseWriter().write(content, to: output)
        } catch {
            throw CommandError(error, file: output)
        }
        let exercises = content.exercises.count
        try Terminal.wrote(
            output,
            ": \(exercises) exercises, \(content.contraindications.count) contraindications, "
                + "\(content.exceptions.count) exercise exceptions")
    }
}
