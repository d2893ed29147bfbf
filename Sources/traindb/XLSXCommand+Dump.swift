import Foundation
import ArgumentParser
import OrderedJSON
import XLSX

extension XLSXCommand {
    /// `traindb xlsx dump FILE [--sheet NAME] [--format json|csv]`.
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
                let writer = DumpWriter()
                do {
                    switch output.format {
                    case .csv: try dumpCSV(workbook, sheets: sheets, to: writer)
                    default: try dumpJSON(workbook, sheets: sheets, to: writer)
                    }
                } catch {
                    writer.abandon()
                    throw error
                }
                try writer.finish()
            }
        }

        /// Streams the JSON: a general encoder would hold every cell of the workbook at once.
        private func dumpJSON(_ workbook: Workbook, sheets: [SheetInfo], to writer: DumpWriter) throws {
            let strings = try RenderedStrings(workbook) { JSONString.append($0, to: &$1) }
            try writer.hand { $0 += #"{"sheets":["#.utf8 }
            for (index, sheet) in sheets.enumerated() {
                try writer.hand { bytes in
                    bytes += (index == 0 ? "\n{\"name\":" : ",\n{\"name\":").utf8
                    JSONString.append(sheet.name, to: &bytes)
                    bytes += (",\"state\":\"" + sheet.state.rawValue + "\",\"rows\":[").utf8
                }
                let cursor = try workbook.cursor(for: sheet, sharedStringsByIndex: true)
                let wroteRows = try forEachBatch(of: cursor, to: writer) { rows, startsSheet, bytes in
                    for (offset, cells) in rows.enumerated() {
                        bytes += startsSheet && offset == 0 ? Self.firstRowStart : Self.rowStart
                        Self.appendJSON(cells ?? [], strings: strings, to: &bytes)
                    }
                }
                try writer.hand { $0 += (wroteRows ? "\n]}" : "]}").utf8 }
            }
            try writer.hand { $0 += "\n]}\n".utf8 }
        }

        /// One row's JSON array: a null per column stepped over, a comma between cells.
        private static func appendJSON(_ cells: [Cell], strings: RenderedStrings, to bytes: inout [UInt8]) {
            var column = 1
            for cell in cells {
                while column < cell.reference.column {
                    bytes += column == 1 ? firstNull : null
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

        private static let firstRowStart = Array("\n[".utf8)
        private static let rowStart = Array(",\n[".utf8)
        private static let firstNull = Array("null".utf8)
        private static let null = Array(",null".utf8)

        private func dumpCSV(_ workbook: Workbook, sheets: [SheetInfo], to writer: DumpWriter) throws {
            // Rendered for any column but the first, where a leading `#` is quoted too.
            let strings = try RenderedStrings(workbook) { CellValue.appendCSVField($0, firstColumn: false, to: &$1) }
            for sheet in sheets {
                try writer.hand { $0 += ("# sheet: " + sheet.name + " (" + sheet.state.rawValue + ")\n").utf8 }
                let cursor = try workbook.cursor(for: sheet, sharedStringsByIndex: true)
                try forEachBatch(of: cursor, to: writer) { rows, _, bytes in
                    for cells in rows { Self.appendCSV(cells ?? [], strings: strings, to: &bytes) }
                }
            }
        }

        /// One row's CSV line: one comma per column stepped over, gaps as empty fields.
        private static func appendCSV(_ cells: [Cell], strings: RenderedStrings, to bytes: inout [UInt8]) {
            var column = 1
            for cell in cells {
                while column < cell.reference.column {
                    bytes.append(UInt8(ascii: ","))
                    column += 1
                }
                if cell.sharedStringIndex < 0 {
                    cell.value.appendCSV(to: &bytes, firstColumn: column == 1)
                } else if column == 1 {
                    CellValue.appendCSVField(strings.strings[Int(cell.sharedStringIndex)], firstColumn: true, to: &bytes)
                } else {
                    strings.append(cell.sharedStringIndex, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }

        /// Hands the sheet's rows to `writer` in batches, from row 1 on (nil for an empty row,
        /// else the row's cells), each rendered there by `render` (told whether its batch is the
        /// sheet's first). Returns whether there was any row.
        @discardableResult
        private func forEachBatch(
            of cursor: SheetCursor, to writer: DumpWriter,
            render: @escaping @Sendable ([[Cell]?], Bool, inout [UInt8]) -> Void
        ) throws -> Bool {
            var batch: [[Cell]?] = []
            var startsSheet = true
            func handOver() throws {
                let rows = batch
                let first = startsSheet
                try writer.hand { render(rows, first, &$0) }
                batch.removeAll(keepingCapacity: true)
                startsSheet = false
            }
            var nextNumber = 1
            while let row = try cursor.next() {
                while nextNumber < row.number {
                    batch.append(nil)
                    nextNumber += 1
                    if batch.count == Self.batchSize { try handOver() }
                }
                batch.append(row.cells)
                nextNumber = max(nextNumber, row.number) + 1
                if batch.count >= Self.batchSize { try handOver() }
            }
            if !batch.isEmpty { try handOver() }
            return !startsSheet
        }

        /// Rows per hand-over: enough that handing over costs nothing next to rendering.
        private static let batchSize = 512
    }
}
