/// The state machine behind `SheetParser`: SAX events of a worksheet in, rows of typed cells
/// out, as `Row` values or, for a batch cursor, packed into a `CellBatch`. This is the hot
/// path: names are compared as bytes and values collected into one reused buffer that
/// `CellValueDecoder` types.
struct SheetRowBuilder {
    /// Rows completed since the consumer last drained them (not for a batch cursor).
    var completedRows: [Row] = []
    /// Rows completed since the consumer last took them, for a batch cursor.
    var batch = CellBatch()

    private let part: String
    private let decoder: CellValueDecoder
    /// Shared-string cells carry their index rather than their string (see `Cell`).
    private let sharedStringsByIndex: Bool
    /// Rows go into `batch` rather than `completedRows`.
    private let batching: Bool
    /// Text cells packed into `batch` are marked plain or not (`CellBatch.Cell.isPlainText`).
    private let marksPlainText: Bool
    /// Per shared string, whether it is plain text: 0 not yet known, 1 plain, 2 not (found at
    /// its first cell, for a builder that marks plain text).
    private var sharedStringIsPlain: [UInt8] = []
    private let sharedStrings: SharedStrings
    /// Where the row being read starts in `batch.cells`.
    private var rowStartInBatch = 0

    private var inSheetData = false
    private var inRow = false
    private var rowNumber = 0
    private var rowNumberKnown = false
    private var previousRowNumber = 0
    private var cells: [Cell] = []
    private var cellsOutOfOrder = false
    private var previousColumn = 0

    private var inCell = false
    private var cellColumn = 0
    private var cellType = CellValueDecoder.CellType.number
    private var cellStyle = 0
    private var cellHasFormula = false
    private var cellHasValue = false
    private var inInlineString = false
    /// The cell has had an `<is>`: an inline string's text comes from there, never from `<v>`.
    private var cellHasInlineString = false
    private var inPhonetic = false
    private var collecting = false
    private var textElement = TextElementSpacing()
    private let text = ByteBuffer()

    init(
        part: String, tables: WorkbookTables, sharedStringsByIndex: Bool = false, batching: Bool = false,
        marksPlainText: Bool = false
    ) {
        self.part = part
        self.sharedStringsByIndex = sharedStringsByIndex || batching
        self.batching = batching
        self.marksPlainText = batching && marksPlainText
        sharedStrings = tables.sharedStrings
        if self.marksPlainText { sharedStringIsPlain = [UInt8](repeating: 0, count: sharedStrings.count) }
        decoder = CellValueDecoder(part: part, tables: tables)
        cells.reserveCapacity(16)
    }

    // MARK: SAX events

    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        switch name.first {
        case UInt8(ascii: "c") where name.is("c"):
            if inRow { try startCell(attributes) }
        case UInt8(ascii: "v") where name.is("v"):
            if inCell && !(cellHasInlineString && cellType == .inlineString) {
                collecting = true
                cellHasValue = true
            }
        case UInt8(ascii: "f") where name.is("f"):
            if inCell { cellHasFormula = true }
        case UInt8(ascii: "r"):
            if name.is("row") {
                if inSheetData { try startRow(attributes) }
            } else if name.is("rPh") {
                inPhonetic = true
            }
        case UInt8(ascii: "t") where name.is("t"):
            if inInlineString && !inPhonetic {
                collecting = true
                textElement.open(attributes, appendingTo: text)
            }
        case UInt8(ascii: "i") where name.is("is"):
            if inCell { startInlineString() }
        case UInt8(ascii: "s") where name.is("sheetData"):
            inSheetData = true
        default:
            break
        }
    }

    mutating func endElement(_ name: XMLName) throws(XLSXError) {
        switch name.first {
        case UInt8(ascii: "c") where name.is("c"):
            if inCell { try finishCell() }
        case UInt8(ascii: "v") where name.is("v"):
            collecting = false
        case UInt8(ascii: "t") where name.is("t"):
            collecting = false
            textElement.close(in: text)
        case UInt8(ascii: "r"):
            if name.is("row") {
                if inRow { finishRow() }
            } else if name.is("rPh") {
                inPhonetic = false
            }
        case UInt8(ascii: "i") where name.is("is"):
            inInlineString = false
        case UInt8(ascii: "s") where name.is("sheetData"):
            inSheetData = false
        default:
            break
        }
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collecting else { return }
        if textElement.isOpen {
            textElement.append(bytes, to: text)
        } else {
            text.append(bytes)
        }
    }

    /// `<is>` in a cell. In an `inlineStr` cell it alone holds the text: a `<v>` before it
    /// (`<v>1.0</v><is><r><t>1.</t></r></is>` reads `1.`) is dropped, and one after it ignored.
    private mutating func startInlineString() {
        if cellType == .inlineString && !cellHasInlineString { text.removeAll() }
        inInlineString = true
        cellHasInlineString = true
        cellHasValue = true
    }

    // MARK: Rows

    private mutating func startRow(_ attributes: XMLAttributes) throws(XLSXError) {
        inRow = true
        cellsOutOfOrder = false
        previousColumn = 0
        rowStartInBatch = batch.cells.count
        if let reference = attributes.bytes("r") {
            guard let number = DecimalParsing.integer(reference), number >= 1, number <= CellReference.maxRow else {
                throw XLSXError(
                    .badCellReference,
                    "\(decoder.shownPart): row number \(XLSXError.quoted(reference)) after row "
                        + "\(previousRowNumber) is not between 1 and \(CellReference.maxRow)", part: part)
            }
            rowNumber = number
            rowNumberKnown = true
        } else {
            rowNumber = previousRowNumber + 1
            rowNumberKnown = false
        }
    }

    private mutating func finishRow() {
        inRow = false
        previousRowNumber = rowNumber
        if batching {
            guard batch.cells.count > rowStartInBatch else { return }
            if cellsOutOfOrder { sortBatchCells() }
            batch.rows.append(CellBatch.Row(number: rowNumber, end: batch.cells.count))
            return
        }
        guard !cells.isEmpty else { return }
        if cellsOutOfOrder { sortCells() }
        let count = cells.count
        completedRows.append(Row(number: rowNumber, cells: cells))
        cells = []
        cells.reserveCapacity(count)
    }

    /// Puts cells written out of column order back in order; a repeated column keeps the last.
    private mutating func sortCells() {
        let sorted = cells.enumerated().sorted {
            ($0.element.reference.column, $0.offset) < ($1.element.reference.column, $1.offset)
        }
        var unique: [Cell] = []
        unique.reserveCapacity(sorted.count)
        for (_, cell) in sorted {
            if let last = unique.last, last.reference.column == cell.reference.column {
                unique[unique.count - 1] = cell
            } else {
                unique.append(cell)
            }
        }
        cells = unique
    }

    /// The rows completed so far, leaving an empty batch; the cells (and their text) of a row
    /// being read move to the new one.
    mutating func takeBatch() -> CellBatch {
        var next = CellBatch()
        next.rows.reserveCapacity(batch.rows.count)
        next.cells.reserveCapacity(batch.cells.count)
        next.text.reserveCapacity(batch.text.count)
        if inRow, batch.cells.count > rowStartInBatch {
            let textStart =
                batch.cells[rowStartInBatch...].filter { $0.kind == .text || $0.kind == .error }
                .map { Int($0.payload) }.min() ?? batch.text.count
            for var cell in batch.cells[rowStartInBatch...] {
                if cell.kind == .text || cell.kind == .error { cell.payload -= UInt64(textStart) }
                next.cells.append(cell)
            }
            next.text.append(contentsOf: batch.text[textStart...])
            batch.cells.removeSubrange(rowStartInBatch...)
            batch.text.removeSubrange(textStart...)
        }
        rowStartInBatch = 0
        swap(&next, &batch)
        return next
    }

    /// `sortCells` for the row being read into `batch`.
    private mutating func sortBatchCells() {
        let row = batch.cells[rowStartInBatch...]
        let sorted = row.enumerated().sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }
        var unique: [CellBatch.Cell] = []
        unique.reserveCapacity(sorted.count)
        for (_, cell) in sorted {
            if let last = unique.last, last.column == cell.column {
                unique[unique.count - 1] = cell
            } else {
                unique.append(cell)
            }
        }
        batch.cells.replaceSubrange(rowStartInBatch..., with: unique)
    }

    // MARK: Cells

    @inline(__always)
    private mutating func startCell(_ attributes: XMLAttributes) throws(XLSXError) {
        inCell = true
        cellHasValue = false
        cellHasFormula = false
        collecting = false
        inInlineString = false
        cellHasInlineString = false
        inPhonetic = false
        text.removeAll()
        cellType = .number
        cellStyle = 0

        var reference: UnsafeBufferPointer<UInt8>?
        if let base = attributes.base {
            // One pass over the attributes: r, s and t are all single letters.
            for index in 0..<attributes.count {
                let attribute = base[index]
                guard attribute.nameCount == 1 else { continue }
                switch attribute.name[0] {
                case UInt8(ascii: "r"): reference = attribute.bytes
                case UInt8(ascii: "s"): cellStyle = DecimalParsing.integer(attribute.bytes) ?? 0
                case UInt8(ascii: "t"): cellType = CellValueDecoder.CellType(attribute.bytes)
                default: break
                }
            }
        }

        if let reference {
            guard let parsed = CellReference.parse(reference) else {
                throw XLSXError(
                    .badCellReference,
                    "\(decoder.shownPart): cell reference \(XLSXError.quoted(reference)) in row "
                        + "\(rowNumber) is not a valid A1 reference", part: part)
            }
            cellColumn = parsed.column
            if !rowNumberKnown, cells.isEmpty, let row = parsed.row {
                rowNumber = row
                rowNumberKnown = true
            }
        } else {
            cellColumn = previousColumn + 1
            guard cellColumn <= CellReference.maxColumn else {
                throw XLSXError(
                    .badCellReference,
                    "\(decoder.shownPart): row \(rowNumber) has more than \(CellReference.maxColumn) cells", part: part)
            }
        }
        if cellColumn <= previousColumn { cellsOutOfOrder = true }
        previousColumn = cellColumn
    }

    private mutating func finishCell() throws(XLSXError) {
        inCell = false
        collecting = false
        inInlineString = false
        guard cellHasValue else { return }
        let reference = CellReference(row: rowNumber, column: cellColumn)
        if batching { return try finishBatchCell(at: reference) }
        if sharedStringsByIndex, cellType == .sharedString {
            guard let index = try decoder.sharedStringIndex(of: text, at: reference) else { return }
            cells.append(Cell(reference: reference, sharedStringIndex: Int32(index), isFormula: cellHasFormula))
            return
        }
        guard let value = try decoder.value(of: text, type: cellType, style: cellStyle, at: reference) else { return }
        cells.append(Cell(reference: reference, value: value, isFormula: cellHasFormula))
    }

    /// `finishCell` for a batch cursor: the value packed into `batch`, text as bytes.
    private mutating func finishBatchCell(at reference: CellReference) throws(XLSXError) {
        let column = Int32(truncatingIfNeeded: reference.column)
        switch cellType {
        case .sharedString:
            guard let index = try decoder.sharedStringIndex(of: text, at: reference) else { return }
            batch.cells.append(
                CellBatch.Cell(
                    column: column, kind: .sharedString, isPlainText: marksPlainText && sharedStringIsPlain(index),
                    length: 0, payload: UInt64(index)))
        case .inlineString, .formulaString, .unknown:
            let start = batch.text.count
            ExcelTextEscape.appendDecoded(text.bytes, to: &batch.text)
            let isPlain = marksPlainText && Self.isPlain(batch.text, from: start)
            batch.cells.append(
                CellBatch.Cell(
                    column: column, kind: .text, isPlainText: isPlain,
                    length: Int32(truncatingIfNeeded: batch.text.count - start),
                    payload: UInt64(start)))
        default:
            guard let value = try decoder.value(of: text, type: cellType, style: cellStyle, at: reference) else {
                return
            }
            func packed(_ kind: CellBatch.Kind, _ payload: UInt64, length: Int = 0) -> CellBatch.Cell {
                CellBatch.Cell(column: column, kind: kind, length: Int32(truncatingIfNeeded: length), payload: payload)
            }
            switch value {
            case .number(let number): batch.cells.append(packed(.number, number.bitPattern))
            case .date(let serial): batch.cells.append(packed(.date, serial.bitPattern))
            case .duration(let serial): batch.cells.append(packed(.duration, serial.bitPattern))
            case .boolean(let truth): batch.cells.append(packed(.boolean, truth ? 1 : 0))
            case .text(let string), .error(let string):
                let start = batch.text.count
                batch.text.append(contentsOf: string.utf8)
                let kind: CellBatch.Kind = if case .error = value { .error } else { .text }
                var cell = packed(kind, UInt64(start), length: batch.text.count - start)
                cell.isPlainText = marksPlainText && kind == .text && Self.isPlain(batch.text, from: start)
                batch.cells.append(cell)
            }
        }
    }

    /// Whether the text appended to `batch.text` from `start` on is plain. Given the text
    /// rather than asked of the builder: a non-mutating method of the builder was handed a copy
    /// of all of it, made for every text cell of the sheet.
    private static func isPlain(_ text: [UInt8], from start: Int) -> Bool {
        text.withUnsafeBufferPointer { PlainText.isPlain(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Whether shared string `index` is plain, found at its first cell.
    private mutating func sharedStringIsPlain(_ index: Int) -> Bool {
        if sharedStringIsPlain[index] == 0 {
            let plain = sharedStrings.withUTF8(index, PlainText.isPlain)
            sharedStringIsPlain[index] = plain ? 1 : 2
        }
        return sharedStringIsPlain[index] == 1
    }
}
