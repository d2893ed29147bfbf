import XLSX

/// Rows of the streamed sheet as the reader packed them (`CellBatch`: text as bytes, shared
/// strings by index into the workbook's), shared by the records made from them.
///
/// The checks read a cell's text in place, as bytes: a row's `String`s are made only for the
/// values a rule keeps or a message shows. A long sheet holds a dozen texts a row (names, four
/// steps, links), and making, copying and freeing a `String` for each cost more than the
/// checks of them.
final class PackedRows {
    let batch: CellBatch
    let sharedStrings: SharedStrings
    /// `sharedStrings.utf8`, held here so that a cell's bytes are found without a call into
    /// the reader's module for each.
    private let sharedBytes: [UInt8]
    private let sharedEnds: [UInt32]

    init(_ batch: CellBatch, sharedStrings: SharedStrings) {
        self.batch = batch
        self.sharedStrings = sharedStrings
        (sharedBytes, sharedEnds) = sharedStrings.utf8
    }

    /// The UTF-8 of shared string `index`, lent to `body`.
    @inline(__always)
    private func withSharedUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        let start = index == 0 ? 0 : Int(sharedEnds[index - 1])
        let end = Int(sharedEnds[index])
        return try sharedBytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Whether cell `index` holds text (inline or shared).
    @inline(__always)
    func isText(_ index: Int) -> Bool {
        switch batch.cells[index].kind {
        case .text, .sharedString: true
        default: false
        }
    }

    /// The index of the cell holding `column` among cells `range`, which are in column order,
    /// one per column; nil when the column is blank (searched as `SheetTable.Record.index`).
    @inline(__always)
    func cell(column: Int, in range: Range<Int>) -> Int? {
        batch.cells.withUnsafeBufferPointer { cells in
            SheetTable.Record.index(of: column, count: range.count) { Int(cells[range.lowerBound + $0].column) }
                .map { range.lowerBound + $0 }
        }
    }

    /// Whether cell `index` is text that the checks take as it is: plain text (printable ASCII
    /// without surrounding spaces, within Excel's length: `PlainText`, which
    /// `FieldReader.isPrintableUntrimmed` also asks), as the reading thread marked it.
    @inline(__always)
    func isPlainText(_ index: Int) -> Bool {
        batch.cells[index].isPlainText
    }

    /// Whether one of cells `range` is in a column `headed` says has no header (or past its
    /// end), read without a call for each cell.
    func hasCell(in range: Range<Int>, outside headed: [Bool]) -> Bool {
        batch.cells.withUnsafeBufferPointer { cells in
            range.contains { SheetTable.isOutside(Int(cells[$0].column), headed) }
        }
    }

    /// Whether one of cells `range` is text the checks take as blank (`isBlankText`). Plain text
    /// (nearly every text cell) is not: it starts with a printable character other than the
    /// space.
    func hasBlankText(in range: Range<Int>) -> Bool {
        batch.cells.withUnsafeBufferPointer { cells in
            range.contains { !cells[$0].isPlainText && isBlankText($0) }
        }
    }

    /// The UTF-8 of cell `index`, a text or error cell, lent to `body`.
    @inline(__always)
    func withUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let cell = batch.cells[index]
        if case .sharedString = cell.kind { return try withSharedUTF8(Int(cell.payload), body) }
        let start = Int(cell.payload)
        return try batch.text.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[start..<(start + Int(cell.length))]))
        }
    }

    /// The number in cell `index` when it holds a plain number (not a date, a duration or a
    /// boolean); nil otherwise.
    @inline(__always)
    func number(_ index: Int) -> Double? {
        let cell = batch.cells[index]
        guard case .number = cell.kind else { return nil }
        return cell.number
    }

    /// The truth in cell `index` when it is a boolean cell; nil otherwise.
    @inline(__always)
    func boolean(_ index: Int) -> Bool? {
        let cell = batch.cells[index]
        guard case .boolean = cell.kind else { return nil }
        return cell.payload != 0
    }

    /// The text of cell `index`, a text cell, made when asked for.
    func string(_ index: Int) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of cell `index`, as a row cursor gives it.
    func value(_ index: Int) -> CellValue {
        let cell = batch.cells[index]
        if case .sharedString = cell.kind { return .text(sharedStrings[Int(cell.payload)]) }
        return batch.value(of: cell)
    }

    /// Cell `index` as a row cursor gives it, in row `row`.
    func cell(_ index: Int, row: Int) -> Cell {
        Cell(reference: CellReference(row: row, column: Int(batch.cells[index].column)), value: value(index))
    }

    /// Whether cell `index` is text that is empty or white space only, which the checks take
    /// as blank (`SheetTable.isBlank`). Text starting with a printable character other than
    /// the space (nearly every cell) is not, known from its first byte.
    func isBlankText(_ index: Int) -> Bool {
        guard isText(index) else { return false }
        let verdict: Bool? = withUTF8(index) { bytes in
            guard let first = bytes.first else { return true }
            return first > 0x20 && first < 0x7F ? false : nil
        }
        if let verdict { return verdict }
        guard case .text(let text) = value(index) else { return false }
        return SheetTable.isBlank(text)
    }
}
