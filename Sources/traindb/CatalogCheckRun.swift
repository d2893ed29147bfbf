import ArgumentParser
import CatalogImport
import Foundation

extension ProblemReport.Format: ExpressibleByArgument {}

/// The options `check` and `build` share, and the import both run first.
struct CatalogCheckRun: ParsableArguments {
    @Option(name: .long, help: "The folder holding both workbooks.")
    var workbooks = "database-management"

    @Option(name: .long, help: "How to report problems: text, json or github (CI annotations).")
    var format: ProblemReport.Format = .text

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    /// Imports and prints the report; exits 2 when the workbooks cannot be read.
    func run(printClean: Bool = true) throws -> CatalogImporter.Result {
        let result: CatalogImporter.Result
        do {
            result = try CatalogImporter().importCatalog(from: workbooks)
        } catch {
            Terminal.fail("\(error.file): \(error.message) [\(error.code)]")
        }
        if printClean || !result.problems.isEmpty {
            print(ProblemReport(problems: result.problems).render(format), terminator: "")
        }
        return result
    }

    /// True when the result must fail the run.
    func fails(_ result: CatalogImporter.Result) -> Bool {
        result.errorCount > 0 || (strict && result.warningCount > 0)
    }
}

/// Where the CLI talks to people.
enum Terminal {
    /// Prints `traindb: error: …` on standard error and exits 2 (the command could not run).
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("traindb: error: \(message)\n".utf8))
        Foundation.exit(2)
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
