import ArgumentParser
import Catalog
import CatalogImport

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check both workbooks and, when they have no errors, write the catalogue database.",
        discussion: """
            The database is built into a temporary file beside the target, checked (foreign keys, \
            integrity) and renamed into place: a failed build leaves an existing database untouched.
            """)

    @OptionGroup var options: CatalogCheckRun

    @Option(name: .long, help: "Where to write the database.")
    var output = "database-management/build/exercises.sqlite"

    func run() throws {
        let result = try options.run(printClean: false)
        guard !options.fails(result), let content = result.content else {
            Terminal.note("traindb: nothing written: the workbooks have \(ProblemReport(problems: result.problems).summary)")
            throw ExitCode(1)
        }
        do {
            try CatalogDatabaseWriter().write(content, to: output)
        } catch {
            Terminal.fail("\(output): \(error)")
        }
        Terminal.note("wrote \(output): \(content.exercises.count) exercises, \(content.contraindications.count) contraindications")
    }
}
