import XLSX

/// A sheet read whole, its columns found by header name (case-insensitive, trimmed), never by
/// position. Catalogue sheets are small; the reader underneath still streams.
struct SheetTable {
    struct Record {
        /// 1-based row number in the sheet.
        var number: Int
        /// The row's non-blank cells, in column order, one per column: a row holds a few cells,
        /// so an array is searched faster, and held in less memory, than a dictionary. Nearly
        /// always the reader's own array for the row, taken as it is. Empty for a packed row.
        private let values: [Cell]
        /// A row of the streamed sheet, read in place: cells `range` of `rows`, in column order,
        /// one per column, none blank. Nil for a row held as values.
        let rows: PackedRows?
        /// The row's cells in `rows`.
        let range: Range<Int>

        init(number: Int, cells: [Cell]) {
            self.number = number
            values = cells
            rows = nil
            range = 0..<0
        }

        /// Cells `range` of `rows`, which must be in column order, one per column, none blank.
        init(number: Int, packed rows: PackedRows, cells range: Range<Int>) {
            self.number = number
            values = []
            self.rows = rows
            self.range = range
        }

        /// The row's non-blank cells, in column order (a packed row's made when asked for).
        var cells: [Cell] {
            guard let rows else { return values }
            return range.map { rows.cell($0, row: number) }
        }

        /// The value in `column`, nil when blank.
        subscript(column: Int) -> CellValue? {
            if let rows { return rows.cell(column: column, in: range).map(rows.value) }
            guard let index = Self.index(of: column, count: values.count, column: { values[$0].reference.column })
            else { return nil }
            return values[index].value
        }

        /// Whether some cell holding a value is in a column `headed` says has no header (or past
        /// its end). Every column from 1 to `headedThrough` has one: a packed row's cells are in
        /// column order, so when its first and last are in those columns (nearly every row),
        /// all of them are.
        func hasCell(outside headed: [Bool], headedThrough: Int) -> Bool {
            if let rows {
                if let first = range.first, let last = range.last, rows.batch.cells[first].column >= 1,
                    Int(rows.batch.cells[last].column) <= headedThrough
                {
                    return false
                }
                return rows.hasCell(in: range, outside: headed)
            }
            return values.contains { SheetTable.isOutside($0.reference.column, headed) }
        }

        /// The columns holding a value.
        var columns: [Int] {
            guard let rows else { return values.map(\.reference.column) }
            return range.map { Int(rows.batch.cells[$0].column) }
        }

        /// The packed cell (its index in `rows`) holding `column` when it is plain text
        /// (`PackedRows.isPlainText`): what `FieldReader.text` gives as it is. Nil for a record
        /// held as values.
        @inline(__always)
        func plainPackedText(_ column: Int) -> Int? {
            guard let rows, let cell = rows.cell(column: column, in: range), rows.isPlainText(cell) else { return nil }
            return cell
        }

        /// The position of `column` among `count` cells in column order, one per column. A row
        /// filled from column A on holds column `c` at `c - 1`, and one place lower for each
        /// blank column before it: it is looked for from there down, never past a lower column
        /// (asked for each cell of every row; a search from the first cell read a dozen cells
        /// for each column past a blank one).
        @inline(__always)
        static func index(of column: Int, count: Int, column columnAt: (Int) -> Int) -> Int? {
            var index = min(column - 1, count - 1)
            while index >= 0 {
                let found = columnAt(index)
                if found == column { return index }
                if found < column { return nil }
                index -= 1
            }
            return nil
        }
    }

    /// The workbook, as the user named it.
    let file: String
    /// The sheet's name as written in the workbook.
    let sheet: String
    /// Normalised header → column index (first occurrence wins).
    let columns: [String: Int]
    /// Column index → header as written, trimmed.
    let headers: [Int: String]
    /// Per column index, whether it has a header: asked for every cell of every row, so an
    /// array rather than a hash of `headers`.
    private let headed: [Bool]
    /// The last of the columns from 1 on that all have a header (0: column A has none).
    private let headedThrough: Int
    /// Data rows (row 2 on), fully empty rows skipped.
    let records: [Record]
    /// The most problems of one kind (`Problem.kind`) the sheet's checks keep; the others are
    /// counted. Nil keeps every one.
    var problemLimit: Int?

    init(
        file: String, sheet: String, columns: [String: Int], headers: [Int: String], records: [Record],
        stream: RecordStream? = nil
    ) {
        self.file = file
        self.sheet = sheet
        self.columns = columns
        self.headers = headers
        var headed = [Bool](repeating: false, count: max(0, headers.keys.max() ?? 0) + 1)
        for column in headers.keys where column >= 0 { headed[column] = true }
        self.headed = headed
        var headedThrough = 0
        while headedThrough + 1 < headed.count, headed[headedThrough + 1] { headedThrough += 1 }
        self.headedThrough = headedThrough
        self.records = records
        self.stream = stream
    }

    /// The data rows of a sheet read header first (`streaming`), read one at a time as they
    /// are asked for: a sheet of any length is checked holding a few chunks' rows. Nil:
    /// `records` holds every row.
    let stream: RecordStream?

    /// The rows of a streamed sheet, parsed on a thread of their own a few chunks ahead
    /// (`RowsAhead`) while the checks run on the caller's, and read in place (`PackedRows`).
    final class RecordStream {
        /// Kept open for the reader.
        private let workbook: Workbook
        private let ahead: RowsAhead
        private let sharedStrings: SharedStrings
        /// The rows being handed out, and the next one's position in them.
        private var rows: PackedRows?
        private var position = 0
        /// Where the next row's cells start.
        private var cellStart = 0
        /// A first row that is data (the sheet has no header row).
        var first: Record?

        /// With `readingFarAhead`, the reading threads may run further ahead of the checks:
        /// 32 batches of rows rather than 8, and 16 inflated chunks rather than 4. The three
        /// threads share two cores, and with more room between them fewer wait at once: a million
        /// rows checked in 3.03 s rather than 3.35 s (the quiet window of 11-28, 4 alternating
        /// runs), for about 2 MB more, which a check has to spare and a build (62 MB) does not.
        /// A sheet whose text is in shared strings keeps 4 chunks: there the checks' thread,
        /// which resolves every such cell, is the slowest of the three, and an inflating thread
        /// further ahead only takes a core from it (XlsxWriter's 164,730 rows: 0.35 s with 4,
        /// 0.39-0.42 s with 16, alternating, 11-28 02:27).
        init(workbook: Workbook, info: SheetInfo, readingFarAhead: Bool = false) throws {
            self.workbook = workbook
            sharedStrings = try workbook.sharedStrings()
            // The reading thread marks the plain text cells, which the checks then read in place.
            let cursor = try workbook.batchCursor(
                for: info, markingPlainText: true,
                chunksAhead: readingFarAhead && sharedStrings.isEmpty ? 16 : nil)
            ahead = try readingFarAhead ? RowsAhead(cursor, depth: 32) : RowsAhead(cursor)
        }

        // The thread reading ahead stops before the workbook it reads is closed.
        deinit { ahead.cancel() }

        /// The next row the reader gives, as a row cursor gives it, without taking it; nil
        /// after the last.
        func peek() throws -> Row? {
            guard let (rows, row) = try current() else { return nil }
            let end = rows.batch.rows[row].end
            let number = rows.batch.rows[row].number
            return Row(number: number, cells: (cellStart..<end).map { rows.cell($0, row: number) })
        }

        /// Takes the row `peek` gave.
        func skip() throws {
            guard let (rows, row) = try current() else { return }
            cellStart = rows.batch.rows[row].end
            position += 1
        }

        /// The next row holding a value, nil after the last.
        func next() throws -> Record? {
            if let first {
                self.first = nil
                return first
            }
            while let (rows, row) = try current() {
                let end = rows.batch.rows[row].end
                let number = rows.batch.rows[row].number
                let start = cellStart
                cellStart = end
                position += 1
                // A blank cell (white space only) is taken out of its row, which is then one of
                // values: rare, and the row keeps its other cells as they were.
                if rows.hasBlankText(in: start..<end) {
                    let cells = SheetTable.cells(
                        of: Row(
                            number: number,
                            cells: (start..<end).map {
                                rows.cell($0, row: number)
                            }))
                    if cells.isEmpty { continue }
                    return Record(number: number, cells: cells)
                }
                return Record(number: number, packed: rows, cells: start..<end)
            }
            return nil
        }

        /// The rows holding the next row, and its index in them; nil after the last.
        private func current() throws -> (PackedRows, Int)? {
            if let rows, position < rows.batch.rows.count { return (rows, position) }
            rows = nil
            guard let batch = try ahead.nextBatch() else { return nil }
            let next = PackedRows(batch, sharedStrings: sharedStrings)
            rows = next
            position = 0
            cellStart = 0
            return (next, 0)
        }
    }

    /// Reads `info` from `workbook`, whole or (`streaming`) its header row only; reports
    /// duplicate headers into `problems`. `readingFarAhead`: a streamed sheet's reading threads
    /// may run further ahead (`RecordStream.init`).
    init(
        workbook: Workbook, info: SheetInfo, file: String, problemLimit: Int? = nil, streaming: Bool = false,
        readingFarAhead: Bool = false, problems: inout [Problem]
    ) throws {
        // A streamed sheet is the one long sheet of a check: its rows are parsed on a thread of
        // their own while the checks run on this one. Others are read whole, a row at a time.
        let stream =
            streaming ? try RecordStream(workbook: workbook, info: info, readingFarAhead: readingFarAhead) : nil
        let cursor = streaming ? nil : try workbook.cursor(for: info)
        var columns: [String: Int] = [:]
        var headers: [Int: String] = [:]
        var first: Record?
        if let row = try stream?.peek() ?? cursor?.next() {
            try stream?.skip()
            if row.number == 1 {
                for cell in row.cells {
                    guard !cell.value.exceedsTextLimit else {
                        // Too long to be a header: its column has none, and the cell says why.
                        problems.append(
                            Problem(
                                .error, .cellTooLong, file: file, sheet: info.name, cell: cell.reference.a1,
                                value: cell.value.plainText,
                                message:
                                    "the header \(cell.reference.a1) holds \(cell.value.textLength ?? 0) characters, "
                                    + "more than the \(CellValue.maxTextLength) Excel keeps in a cell",
                                hint: "name the column in a few words"))
                        continue
                    }
                    guard let text = cell.value.trimmedText, !text.isEmpty else { continue }
                    let key = Self.normalise(text)
                    headers[cell.reference.column] = text
                    if let first = columns[key] {
                        problems.append(
                            Problem(
                                .error, .columnDuplicate, file: file, sheet: info.name, cell: cell.reference.a1,
                                column: text, value: text,
                                message: "column \(quoted: text) appears twice in the header row",
                                hint: "rename or remove one of the two; the first is at "
                                    + CellReference(row: 1, column: first).a1))
                    } else {
                        columns[key] = cell.reference.column
                    }
                }
            } else {
                // No header row: every row is data without columns; the caller reports the
                // missing columns.
                first = Record(number: row.number, cells: Self.cells(of: row))
            }
        }
        var records: [Record] = []
        if let stream {
            stream.first = first
        } else if let cursor {
            if let first { records.append(first) }
            while let row = try cursor.next() {
                let cells = Self.cells(of: row)
                if !cells.isEmpty { records.append(Record(number: row.number, cells: cells)) }
            }
        }
        self.init(
            file: file, sheet: info.name, columns: columns, headers: headers, records: records,
            stream: stream)
        self.problemLimit = problemLimit
    }

    /// Every data row in order, the held ones first, then those still to be read. A streamed
    /// sheet's rows can be gone through once.
    func forEachRecord(_ body: (Record) throws -> Void) throws {
        for record in records { try body(record) }
        guard let stream else { return }
        while let record = try stream.next() { try body(record) }
    }

    /// Every value of `record` in a column without a header (blank, or too long to be one), each
    /// an error at its cell, reported through `reader`: no column of the schema can take it, so
    /// it would never reach the database.
    func valuesWithoutHeader(_ record: Record, _ reader: FieldReader) {
        guard record.hasCell(outside: headed, headedThrough: headedThrough) else { return }
        for column in record.columns.sorted() where headers[column] == nil {
            let value = record[column]?.plainText ?? ""
            let letters = CellReference.columnName(column)
            reader.report(
                .error, .columnNoHeader, record, column, value: value,
                message: "\(cell(record, column)) holds \(quoted: value), but column \(letters) has no header",
                hint: "name the column in \(headerCell(column)) and declare it in the schema sheet, "
                    + "or move the value into a declared column")
        }
    }

    /// Non-blank cells of a row, in column order, one per column; whitespace-only text counts
    /// as blank. The row's own array when it has no blank cell and its columns only increase
    /// (the reader orders a row's cells and keeps a column's last): nothing copied.
    static func cells(of row: Row) -> [Cell] {
        var previous = 0
        var isKept = true
        for index in row.cells.indices {
            let column = row.cells[index].reference.column
            if column <= previous { isKept = false }
            previous = column
            if case .text(let text) = row.cells[index].value, Self.isBlank(text) { isKept = false }
        }
        if isKept { return row.cells }
        var values: [Cell] = []
        values.reserveCapacity(row.cells.count)
        for cell in row.cells {
            if case .text(let text) = cell.value, Self.isBlank(text) { continue }
            // Cells come in column order; a column written twice keeps its last value.
            if let last = values.last, last.reference.column >= cell.reference.column,
                let index = values.firstIndex(where: { $0.reference.column == cell.reference.column })
            {
                values[index].value = cell.value
            } else {
                values.append(cell)
            }
        }
        return values
    }

    /// Whether `text` is empty or white space only. Text that starts with a printable ASCII
    /// character other than the space (nearly every cell) is not, without reading a `Character`.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    /// Header and lookup-value comparison key: lower case, runs of white space folded.
    static func normalise(_ text: String) -> String {
        text.asciiNormalised() ?? text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func column(_ name: String) -> Int? { columns[Self.normalise(name)] }

    /// Whether `column` has a header (`headers` holds it).
    func hasHeader(_ column: Int) -> Bool {
        !Self.isOutside(column, headed)
    }

    /// Whether `column` has no header by `headed` (`headed`'s flags by column).
    @inline(__always)
    static func isOutside(_ column: Int, _ headed: [Bool]) -> Bool {
        column < 0 || column >= headed.count || !headed[column]
    }

    func value(_ record: Record, _ column: Int?) -> CellValue? {
        guard let column else { return nil }
        return record[column]
    }

    /// `E17` for a record and a column.
    func cell(_ record: Record, _ column: Int) -> String {
        CellReference(row: record.number, column: column).a1
    }

    /// The column's header cell, e.g. `D1`.
    func headerCell(_ column: Int) -> String {
        CellReference(row: 1, column: column).a1
    }
}
