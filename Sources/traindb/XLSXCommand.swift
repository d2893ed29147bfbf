import ArgumentParser
import XLSX

/// `traindb xlsx`: look inside a workbook the way TrainDB's reader sees it.
struct XLSXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xlsx",
        abstract: "Show what TrainDB reads from an .xlsx workbook.",
        subcommands: [Sheets.self, Dump.self]
    )

    /// `traindb xlsx sheets FILE`: one line per sheet, `NAME<TAB>STATE`, in tab order.
    struct Sheets: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sheets",
            abstract: "List the sheets: name and state (visible, hidden, veryHidden), tab-separated.")

        @Argument(help: "The .xlsx file.")
        var file: String

        func run() throws {
            try XLSXCommand.reading(file) {
                let workbook = try Workbook(path: file)
                let output = StandardOutput()
                for sheet in workbook.sheets {
                    output.write(sheet.name + "\t" + sheet.state.rawValue + "\n")
                }
                try output.flush()
            }
        }
    }

    /// Runs `body`; an error names `file` (a failed write names standard output instead).
    static func reading(_ file: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch where !Terminal.isOutputFailure(error) {
            throw CommandError(error, file: file)
        }
    }
}
