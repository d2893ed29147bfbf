import ArgumentParser
import XLSXDump

extension XLSXCommand {
    /// `traindb xlsx dump FILE [--sheet NAME] [--format json|csv]`: XLSXDump's `WorkbookDump`
    /// on standard output.
    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dump",
            abstract: "Print the cells, as JSON or as diff-friendly CSV.",
            discussion: """
                JSON: {"sheets":[{"name":…,"state":…,"rows":[[cell,…],…]}]}, rows[0] being row 1 and \
                each row starting at column A. Cells are numbers, strings, true/false, null for blank, \
                {"error":"#N/A"} for errors, ISO 8601 strings for dates, times and durations; a \
                formula gives its cached value. CSV: per sheet a line "# sheet: NAME (state)", then one \
                RFC 4180 line per row from row 1 (LF line ends), for use as a git textconv driver.
                """)

        @Argument(help: "The .xlsx file.")
        var file: String

        @Option(help: "Only this sheet (case and surrounding spaces ignored).")
        var sheet: String?

        @OptionGroup var output: FormatOption<CellFormats>

        func run() throws {
            let format: WorkbookDump.Format = output.format == .csv ? .csv : .json
            try XLSXCommand.reading(file) {
                try WorkbookDump.dump(path: file, sheet: sheet, format: format) { try Terminal.write($0) }
            }
        }
    }
}
