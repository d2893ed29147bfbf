/// Rows of a sheet in the form `traindb xlsx dump` renders them: cells packed one after another,
/// their text in one buffer, no value or array per cell or row, so that handing thousands of
/// rows to another thread costs a few allocations. Made by a batch cursor
/// (`Workbook.batchCursor(for:)`, `SheetCursor.nextBatch(rows:)`); holds what the rows of the
/// row cursor hold, shared strings by index.
package struct CellBatch: Sendable {
    package enum Kind: UInt8, Sendable {
        case number, date, duration, boolean, sharedString, text, error
    }

    package struct Cell: Sendable {
        /// 1-based.
        package var column: Int32
        package var kind: Kind
        /// For a cursor that marks them (`Workbook.batchCursor(for:markingPlainText:)`), whether
        /// a text or shared-string cell is plain text (`PlainText`); false otherwise. (Beside
        /// `kind`, in its padding: a cell stays 24 bytes.)
        package var isPlainText = false
        /// A text's length in bytes.
        package var length: Int32
        /// A number's, date's or duration's bits (`Double(bitPattern:)`), a boolean's 0 or 1, a
        /// shared string's index, a text's or error's start in `text`.
        package var payload: UInt64

        package var number: Double { Double(bitPattern: payload) }
    }

    package struct Row: Sendable {
        /// 1-based.
        package var number: Int
        /// Where the row's cells end in `cells`; they start where the previous row's end.
        package var end: Int
    }

    /// Rows with at least one non-blank cell, in file order; each row's cells in column order.
    package var rows: [Row] = []
    package var cells: [Cell] = []
    /// The UTF-8 of text and error cells, `_xHHHH_` escapes decoded.
    package var text: [UInt8] = []

    package init() {}

    /// The UTF-8 of a text or error cell.
    package func text(of cell: Cell) -> ArraySlice<UInt8> {
        text[Int(cell.payload)..<(Int(cell.payload) + Int(cell.length))]
    }

    /// The value of a cell as the row cursor gives it (a shared string as its index).
    package func value(of cell: Cell) -> CellValue {
        switch cell.kind {
        case .number: .number(cell.number)
        case .date: .date(serial: cell.number)
        case .duration: .duration(serial: cell.number)
        case .boolean: .boolean(cell.payload != 0)
        case .sharedString: .text("")
        case .text: .text(String(decoding: text(of: cell), as: UTF8.self))
        case .error: .error(String(decoding: text(of: cell), as: UTF8.self))
        }
    }
}
