import ArgumentParser
import CatalogBuild
import CatalogImport

/// The options `check` and `build` share, and the import both run first.
struct CheckOptions: ParsableArguments {
    @OptionGroup var source: WorkbooksOption
    @OptionGroup var output: FormatOption<ProblemFormats>

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "List at most this many problems of one kind (severity, code, sheet and column); the others are "
                + "counted. 0 lists every problem.",
            valueName: "n"))
    var maxProblems = 1000

    func validate() throws {
        guard maxProblems >= 0 else {
            throw ValidationError("--max-problems must be 0 (no limit) or more, not \(maxProblems)")
        }
    }

    /// Imports both workbooks and prints the problems found (a clean import prints its
    /// summary only when `printClean`); the catalogue is kept only for `building`.
    /// A build hands the valid exercises to `stage` as they are checked.
    func run(printClean: Bool = true, building: Bool = false, stage: ExerciseStage? = nil) throws
        -> CatalogImporter.Result
    {
        let result = try CatalogImporter(
            problemLimit: maxProblems == 0 ? nil : maxProblems, keepsContent: building, stage: stage
        ).importCatalog(from: source.workbooks)
        if printClean || !result.problems.isEmpty {
            try print(ProblemReport(problems: result.problems))
        }
        return result
    }

    /// True when the result must fail the run.
    func fails(_ result: CatalogImporter.Result) -> Bool {
        result.errorCount > 0 || (strict && result.warningCount > 0)
    }

    private func print(_ report: ProblemReport) throws {
        switch output.format {
        case .json: try Terminal.printJSON(report, layout: .sortedReport)
        case .github: try Terminal.write(report.github())
        default: try Terminal.write(report.text())
        }
    }
}
