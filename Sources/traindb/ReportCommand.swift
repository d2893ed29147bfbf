import ArgumentParser
import CatalogImport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Reports on the catalogue for the data team.",
        subcommands: [Coverage.self])

    struct Coverage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coverage",
            abstract: "What the generator can pick from, and where the catalogue is thin.",
            discussion: """
                Programme exercises per muscle × equipment category and per movement pattern × \
                complexity, groups without an alternative, lookup values no exercise uses, and \
                canonical groups with no contraindication reviewed. Reads the workbooks: exit 1 \
                when they have errors.
                """)

        @OptionGroup var source: WorkbooksOption
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let result = try CatalogImporter().importCatalog(from: source.workbooks)
            guard let content = result.content else {
                try Terminal.write(ProblemReport(problems: result.problems).text())
                throw CommandError.dataErrorsReported
            }
            let report = CoverageReport(content)
            switch output.format {
            case .json: try Terminal.printJSON(report, layout: .sortedReport)
            default: try Terminal.write(report.text())
            }
        }
    }
}
