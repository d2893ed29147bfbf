import ArgumentParser
import Foundation
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
            abstract: "List the sheets: name and state (visible, hidden, veryHidden), tab-separated.")

        @Argument(help: "The .xlsx file.")
        var file: String

        func run() throws {
            try XLSXCommand.reporting(file) {
                let workbook = try Workbook(path: file)
                let output = Output()
                for sheet in workbook.sheets {
                    output.write(sheet.name + "\t" + sheet.state.rawValue + "\n")
                }
                try output.flush()
            }
        }
    }

    /// `traindb xlsx dump FILE [--sheet NAME] [--format json|csv]`.
    struct Dump: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the cells, as JSON or as diff-friendly CSV.",
            discussion: """
                JSON: {"sheets":[{"name":…,"state":…,"rows":[[cell,…],…]}]}, rows[0] being row 1 and \
                each row starting at column A. Cells are numbers, strings, true/false, null for blank, \
                {"error":"#N/A"} for errors, ISO 8601 strings for dates, times and durations; a \
                formula gives its cached value. CSV: per sheet a line "# sheet: NAME (state)", then one \
                RFC 4180 line per row from row 1 (LF line ends), for use as a git textconv driver.
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, csv
        }

        @Argument(help: "The .xlsx file.")
        var file: String

        @Option(help: "Only this sheet (case and surrounding spaces ignored).")
        var sheet: String?

        @Option(help: "json or csv.")
        var format: Format = .json

        func run() throws {
            try XLSXCommand.reporting(file) {
                let workbook = try Workbook(path: file)
                var sheets = workbook.sheets
                if let wanted = sheet {
                    guard let found = workbook.sheet(named: wanted) else {
                        let names = workbook.sheets.map { "\"\($0.name)\"" }.joined(separator: ", ")
                        throw CommandFailure("no sheet named \"\(wanted)\"; the sheets are \(names)")
                    }
                    sheets = [found]
                }
                let output = Output()
                switch format {
                case .json: try dumpJSON(workbook, sheets: sheets, to: output)
                case .csv: try dumpCSV(workbook, sheets: sheets, to: output)
                }
                try output.flush()
            }
        }

        private func dumpJSON(_ workbook: Workbook, sheets: [SheetInfo], to output: Output) throws {
            output.write("{\"sheets\":[")
            for (index, sheet) in sheets.enumerated() {
                output.write(index == 0 ? "\n" : ",\n")
                output.write("{\"name\":" + CellValue.jsonString(sheet.name)
                    + ",\"state\":\"" + sheet.state.rawValue + "\",\"rows\":[")
                var firstLine = true
                try forEachAnchoredRow(workbook.cursor(for: sheet), output: output) { cells in
                    output.write(firstLine ? "\n[" : ",\n[")
                    firstLine = false
                    guard let cells else { return output.write("]") }
                    var column = 1
                    for cell in cells {
                        while column < cell.reference.column {
                            output.write(column == 1 ? "null" : ",null")
                            column += 1
                        }
                        output.write(column == 1 ? cell.value.json : "," + cell.value.json)
                        column += 1
                    }
                    output.write("]")
                }
                output.write(firstLine ? "]}" : "\n]}")
            }
            output.write("\n]}\n")
        }

        private func dumpCSV(_ workbook: Workbook, sheets: [SheetInfo], to output: Output) throws {
            for sheet in sheets {
                output.write("# sheet: " + sheet.name + " (" + sheet.state.rawValue + ")\n")
                try forEachAnchoredRow(workbook.cursor(for: sheet), output: output) { cells in
                    var column = 1
                    for cell in cells ?? [] {
                        // One comma per column stepped over; gaps become empty fields.
                        while column < cell.reference.column {
                            output.write(",")
                            column += 1
                        }
                        output.write(Self.csvField(cell.value.plainText, firstColumn: column == 1))
                    }
                    output.write("\n")
                }
            }
        }

        /// Calls `body` once per row from row 1 on: nil for an empty row, else the row's cells.
        private func forEachAnchoredRow(
            _ cursor: SheetCursor, output: Output, _ body: ([Cell]?) throws -> Void
        ) throws {
            var nextNumber = 1
            while let row = try cursor.next() {
                while nextNumber < row.number {
                    try body(nil)
                    nextNumber += 1
                }
                try body(row.cells)
                nextNumber = max(nextNumber, row.number) + 1
                try output.flushIfFull()
            }
        }

        /// An RFC 4180 field: quoted when it holds a comma, quote, CR or LF, when it has
        /// surrounding spaces, or when it would start a line with `#` (like the sheet headers).
        static func csvField(_ text: String, firstColumn: Bool) -> String {
            let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                || text.first == " " || text.last == " " || (firstColumn && text.first == "#")
            guard needsQuotes else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }

    /// Runs `body`; a failure is printed to stderr naming `file`, and the command exits with
    /// status 2.
    static func reporting(_ file: String, _ body: () throws -> Void) throws {
        let message: String
        do {
            return try body()
        } catch let error as XLSXError {
            message = error.message
        } catch let error as CommandFailure {
            message = error.message
        } catch {
            message = String(describing: error)
        }
        FileHandle.standardError.write(Data(("traindb xlsx: \(file): " + message + "\n").utf8))
        throw ExitCode(2)
    }

    struct CommandFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Buffered standard output, written in large blocks.
    final class Output {
        private var buffer: [UInt8] = []
        private let blockSize = 1 << 16

        init() { buffer.reserveCapacity(blockSize * 2) }

        func write(_ text: String) { buffer.append(contentsOf: text.utf8) }

        func flushIfFull() throws {
            if buffer.count >= blockSize { try flush() }
        }

        func flush() throws {
            guard !buffer.isEmpty else { return }
            try FileHandle.standardOutput.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
