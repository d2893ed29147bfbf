import ErrorCodes
import OrderedJSON
import XLSX

/// What `traindb xlsx dump` writes of a workbook, and how: the reader's batches of cells rendered
/// as JSON or CSV on a writer thread of their own (`DumpWriter`), each shared string rendered once
/// (`RenderedStrings`). The command line and `xlsx-dump` (the reader as `make leaks` runs it under
/// valgrind) both read a workbook through `dump`, so that what valgrind checks is the command's code.
public enum WorkbookDump {
    public enum Format: Sendable {
        /// {"sheets":[{"name":…,"state":…,"rows":[[cell,…],…]}]}, rows[0] being row 1.
        case json
        /// Per sheet a line "# sheet: NAME (state)", then one RFC 4180 line per row from row 1.
        case csv
    }

    /// Opens the workbook at `path` and writes the cells of its sheets (of the sheet named `sheet`
    /// alone, case and surrounding spaces ignored, when given) in `format`, handing the bytes to
    /// `write` in blocks of about 64 KB, in order, from a thread of their own. An error of
    /// `write` stops the dump and is thrown as it was; an unreadable workbook throws the reader's
    /// error (`XLSXError`), an unknown sheet a `WorkbookDumpError`.
    public static func dump(
        path: String, sheet: String? = nil, format: Format,
        write: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let workbook = try Workbook(path: path)
        var sheets = workbook.sheets
        if let wanted = sheet {
            guard let found = workbook.sheet(named: wanted) else {
                let names = workbook.sheets.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw WorkbookDumpError(
                    code: "sheet.missing", message: "no sheet named \"\(wanted)\"; the sheets are \(names)")
            }
            sheets = [found]
        }
        let writer = DumpWriter(write: write)
        do {
            switch format {
            case .csv: try dumpCSV(workbook, sheets: sheets, to: writer)
            case .json: try dumpJSON(workbook, sheets: sheets, to: writer)
            }
        } catch {
            writer.abandon()
            throw error
        }
        try writer.finish()
    }

    /// Streams the JSON: a general encoder would hold every cell of the workbook at once.
    private static func dumpJSON(_ workbook: Workbook, sheets: [SheetInfo], to writer: DumpWriter) throws {
        let strings = try RenderedStrings(workbook) { JSONString.append($0, to: &$1) }
        try writer.hand { $0 += #"{"sheets":["#.utf8 }
        for (index, sheet) in sheets.enumerated() {
            try writer.hand { bytes in
                bytes += (index == 0 ? "\n{\"name\":" : ",\n{\"name\":").utf8
                JSONString.append(sheet.name, to: &bytes)
                bytes += (",\"state\":\"" + sheet.state.rawValue + "\",\"rows\":[").utf8
            }
            let cursor = try workbook.batchCursor(for: sheet)
            let wroteRows = try forEachBatch(of: cursor, to: writer) { batch, nextRow, bytes in
                var expected = nextRow
                var start = 0
                for row in batch.rows {
                    // Rows without a cell, as empty arrays: rows[0] is row 1.
                    while expected < row.number {
                        bytes += expected == 1 ? Self.firstRowStart : Self.rowStart
                        bytes.append(UInt8(ascii: "]"))
                        expected += 1
                    }
                    bytes += expected == 1 ? Self.firstRowStart : Self.rowStart
                    Self.appendJSON(batch, cells: start..<row.end, strings: strings, to: &bytes)
                    start = row.end
                    expected = row.number + 1
                }
            }
            try writer.hand { $0 += (wroteRows ? "\n]}" : "]}").utf8 }
        }
        try writer.hand { $0 += "\n]}\n".utf8 }
    }

    /// One row's JSON array: a null per column stepped over, a comma between cells.
    private static func appendJSON(
        _ batch: CellBatch, cells: Range<Int>, strings: RenderedStrings, to bytes: inout [UInt8]
    ) {
        var column = 1
        for cell in batch.cells[cells] {
            while column < Int(cell.column) {
                bytes += column == 1 ? firstNull : null
                column += 1
            }
            if column > 1 { bytes.append(UInt8(ascii: ",")) }
            switch cell.kind {
            case .sharedString:
                strings.append(Int32(truncatingIfNeeded: cell.payload), to: &bytes)
            case .text:
                batch.text(of: cell).withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &bytes) }
            case .error:
                bytes += #"{"error":"#.utf8
                batch.text(of: cell).withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &bytes) }
                bytes.append(UInt8(ascii: "}"))
            case .number, .date, .duration, .boolean:
                batch.value(of: cell).appendJSON(to: &bytes)
            }
            column += 1
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static let firstRowStart = Array("\n[".utf8)
    private static let rowStart = Array(",\n[".utf8)
    private static let firstNull = Array("null".utf8)
    private static let null = Array(",null".utf8)

    private static func dumpCSV(_ workbook: Workbook, sheets: [SheetInfo], to writer: DumpWriter) throws {
        // Rendered for any column but the first, where a leading `#` is quoted too.
        let strings = try RenderedStrings(workbook) { CellValue.appendCSVField($0, firstColumn: false, to: &$1) }
        for sheet in sheets {
            try writer.hand { $0 += ("# sheet: " + sheet.name + " (" + sheet.state.rawValue + ")\n").utf8 }
            let cursor = try workbook.batchCursor(for: sheet)
            try forEachBatch(of: cursor, to: writer) { batch, nextRow, bytes in
                var expected = nextRow
                var start = 0
                for row in batch.rows {
                    // Rows without a cell, as empty lines: the first line is row 1.
                    while expected < row.number {
                        bytes.append(UInt8(ascii: "\n"))
                        expected += 1
                    }
                    Self.appendCSV(batch, cells: start..<row.end, strings: strings, to: &bytes)
                    start = row.end
                    expected = row.number + 1
                }
            }
        }
    }

    /// One row's CSV line: one comma per column stepped over, gaps as empty fields.
    private static func appendCSV(
        _ batch: CellBatch, cells: Range<Int>, strings: RenderedStrings, to bytes: inout [UInt8]
    ) {
        var column = 1
        for cell in batch.cells[cells] {
            while column < Int(cell.column) {
                bytes.append(UInt8(ascii: ","))
                column += 1
            }
            switch cell.kind {
            case .sharedString where column == 1:
                let string = strings.strings[Int(cell.payload)]
                CellValue.appendCSVField(string, firstColumn: true, to: &bytes)
            case .sharedString:
                strings.append(Int32(truncatingIfNeeded: cell.payload), to: &bytes)
            case .text, .error:
                batch.text(of: cell).withUnsafeBufferPointer {
                    CellValue.appendCSVField(utf8: $0, firstColumn: column == 1, to: &bytes)
                }
            case .number, .date, .duration, .boolean:
                batch.value(of: cell).appendCSV(to: &bytes, firstColumn: column == 1)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Hands the sheet's rows to `writer` a batch at a time, each rendered there by `render`
    /// (told the number of the row expected next: 1 for the sheet's first batch, so that
    /// rows without a cell come out too). Returns whether there was any row.
    @discardableResult
    private static func forEachBatch(
        of cursor: SheetCursor, to writer: DumpWriter,
        render: @escaping @Sendable (CellBatch, Int, inout [UInt8]) -> Void
    ) throws -> Bool {
        var nextRow = 1
        while let batch = try cursor.nextBatch(rows: Self.batchSize) {
            let expected = nextRow
            try writer.hand { render(batch, expected, &$0) }
            if let last = batch.rows.last { nextRow = last.number + 1 }
        }
        return nextRow > 1
    }

    /// Rows per hand-over: enough that handing over costs nothing next to rendering.
    private static let batchSize = 512
}

/// Why a dump could not start: a sheet the workbook does not have.
public struct WorkbookDumpError: CodedError {
    public let code: String
    public let message: String
}
