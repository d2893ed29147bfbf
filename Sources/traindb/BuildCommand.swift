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
        // The workbooks are checked as the database is written: each valid exercise goes into
        // the temporary database as it is read, and the file is put in place only when the
        // check found no error.
        var checked: CatalogImporter.Result?
        var importFailure: (any Error)?
        let written: CatalogDatabaseWriter.Written?
        do {
            written = try CatalogDatabaseWriter().write(to: output) { stage in
                do {
                    checked = try options.run(printClean: false, building: true, stage: stage)
                } catch {
                    importFailure = error
                    return nil
                }
                guard let result = checked, !options.fails(result) else { return nil }
                return result.content
            }
        } catch {
            throw CommandError(error, file: output)
        }
        if let importFailure { throw importFailure }
        guard let written, let content = checked?.content else {
            let summary = ProblemReport(problems: checked?.problems ?? []).summary
            throw CommandError(
                "build.check_failed", "nothing written: the workbooks have \(summary)", status: .dataErrors)
        }
        try Terminal.wrote(
            output,
            ": \(written.exercises) exercises, \(content.contraindications.count) contraindications, "
                + "\(content.exceptions.count) exercise exceptions")
    }
}
