import Foundation
import ArgumentParser
import OrderedJSON
import XLSX

extension XLSXCommand {
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

        @Argument(help: "The .xlsx file.")
        var file: String

        @Option(help: "Only this sheet (case and surrounding spaces ignored).")
        var sheet: String?

        @OptionGroup var output: FormatOption<CellFormats>

        func run() throws {
            try XLSXCommand.reading(file) {
                let workbook = try Workbook(path: file)
                var sheets = workbook.sheets
                if let wanted = sheet {
                    guard let found = workbook.sheet(named: wanted) else {
                        let names = workbook.sheets.map { "\"\($0.name)\"" }.joined(separator: ", ")
                        throw CommandError("sheet.missing", "no sheet named \"\(wanted)\"; the sheets are \(names)")
                    }
                    sheets = [found]
                }
                let stdout = StandardOutput()
                switch output.format {
                case .csv: try dumpCSV(workbook, sheets: sheets, to: stdout)
                default: try dumpJSON(workbook, sheets: sheets, to: stdout)
                }
                try stdout.flush()
            }
        }

        /// Streams the JSON: a general encoder would hold every cell of the workbook at once.
        private func dumpJSON(_ workbook: Workbook, sheets: [SheetInfo], to output: StandardOutput) throws {
            output.write("{\"sheets\":[")
            let strings = try RenderedStrings(workbook) { JSONString.append($0, to: &$1) }
            for (index, sheet) in sheets.enumerated() {
                output.write(index == 0 ? "\n{\"name\":" : ",\n{\"name\":")
                output.append { JSONString.append(sheet.name, to: &$0) }
                output.write(",\"state\":\"" + sheet.state.rawValue + "\",\"rows\":[")
                var firstLine = true
                try forEachAnchoredRow(workbook.cursor(for: sheet, sharedStringsByIndex: true), output: output) { cells in
                    output.append { bytes in
                        bytes += firstLine ? Self.firstRowStart : Self.rowStart
                        firstLine = false
                        var column = 1
                        for cell in cells ?? [] {
                            // A null per column stepped over; a comma before every cell but the first.
                            while column < cell.reference.column {
                                bytes += column == 1 ? Self.firstNull : Self.null
                                column += 1
                            }
                            if column > 1 { bytes.append(UInt8(ascii: ",")) }
                            if cell.sharedStringIndex >= 0 {
                                strings.append(cell.sharedStringIndex, to: &bytes)
                            } else {
                                cell.value.appendJSON(to: &bytes)
                            }
                            column += 1
                        }
                        bytes.append(UInt8(ascii: "]"))
                    }
                }
                output.write(firstLine ? "]}" : "\n]}")
            }
            output.write("\n]}\n")
        }

        private static let firstRowStart = Array("\n[".utf8)
        private static let rowStart = Array(",\n[".utf8)
        private static let firstNull = Array("null".utf8)
        private static let null = Array(",null".utf8)

        private func dumpCSV(_ workbook: Workbook, sheets: [SheetInfo], to output: StandardOutput) throws {
            // Rendered for any column but the first, where a leading `#` is quoted too.
            let strings = try RenderedStrings(workbook) { CellValue.appendCSVField($0, firstColumn: false, to: &$1) }
            for sheet in sheets {
                output.write("# sheet: " + sheet.name + " (" + sheet.state.rawValue + ")\n")
                try forEachAnchoredRow(workbook.cursor(for: sheet, sharedStringsByIndex: true), output: output) { cells in
                    output.append { bytes in
                        var column = 1
                        for cell in cells ?? [] {
                            // One comma per column stepped over; gaps become empty fields.
                            while column < cell.reference.column {
                                bytes.append(UInt8(ascii: ","))
                                column += 1
                            }
                            if cell.sharedStringIndex < 0 {
                                cell.value.appendCSV(to: &bytes, firstColumn: column == 1)
                            } else if column == 1 {
                                let text = strings.strings[Int(cell.sharedStringIndex)]
                                CellValue.appendCSVField(text, firstColumn: true, to: &bytes)
                            } else {
                                strings.append(cell.sharedStringIndex, to: &bytes)
                            }
                        }
                        bytes.append(UInt8(ascii: "\n"))
                    }
                }
            }
        }

        /// Calls `body` once per row from row 1 on: nil for an empty row, else the row's cells.
        private func forEachAnchoredRow(
            _ cursor: SheetCursor, output: StandardOutput, _ body: ([Cell]?) throws -> Void
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
    }
}
