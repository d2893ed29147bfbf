import ArgumentParser
import CatalogImport
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Reports on the catalogue for the data team.",
        subcommands: [Coverage.self])

    struct Coverage: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What the generator can pick from, and where the catalogue is thin.",
            discussion: """
                Programme exercises per muscle × equipment category and per movement pattern × \
                complexity, groups without an alternative, lookup values no exercise uses, and \
                canonical groups with no contraindication reviewed. Reads the workbooks: exit 1 \
                when they have errors.
                """)

        @Option(name: .long, help: "The folder holding both workbooks.")
        var workbooks = "database-management"

        @Option(name: .long, help: "text or json.")
        var format: TextOrJSON = .text

        func run() throws {
            let result: CatalogImporter.Result
            do {
                result = try CatalogImporter().importCatalog(from: workbooks)
            } catch {
                Terminal.fail("\(error.file): \(error.message) [\(error.code)]")
            }
            guard let content = result.content else {
                print(ProblemReport(problems: result.problems).text(), terminator: "")
                throw ExitCode(1)
            }
            let report = CoverageReport(content)
            switch format {
            case .text:
                print(report.text(), terminator: "")
            case .json:
                try QueryCommand.printJSON(report)
            }
        }
    }
}
