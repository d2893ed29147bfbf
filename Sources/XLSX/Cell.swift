/// A cell position, 1-based, rendered in A1 style (`E17`).
public struct CellReference: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Column letters for a 1-based column index: 1 → `A`, 27 → `AA`.
    public static func columnName(_ column: Int) -> String {
        var n = column
        var letters: [Character] = []
        while n > 0 {
            let remainder = (n - 1) % 26
            letters.append(Character(UnicodeScalar(UInt8(65 + remainder))))
            n = (n - 1) / 26
        }
        return String(letters.reversed())
    }

    /// `E17`.
    public var a1: String { Self.columnName(column) + String(row) }
    public var description: String { a1 }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }
}

/// The typed value of one non-blank cell.
public enum CellValue: Hashable, Sendable {
    /// Shared, inline or formula (`t="str"`) text, with `_xHHHH_` escapes decoded.
    case text(String)
    case number(Double)
    case boolean(Bool)
    /// An error value such as `#N/A` or `#DIV/0!`, kept as written.
    case error(String)
    /// A number whose style is a date, time or date-time format. The serial is already
    /// converted to the 1900 date system's meaning (days since 1899-12-30), whatever
    /// system the workbook uses.
    case date(serial: Double)
    /// A number whose style is an elapsed-time format (`[h]:mm:ss`); value in days.
    case duration(serial: Double)
}

/// One non-blank cell of a row.
public struct Cell: Hashable, Sendable {
    public var reference: CellReference
    public var value: CellValue
    /// True when the cell holds a formula; `value` is then its cached result.
    public var isFormula: Bool
    /// -1, except from a cursor that leaves shared strings in the workbook's table
    /// (`Workbook.cursor(for:sharedStringsByIndex:)`, which `traindb xlsx dump` reads with): a
    /// shared-string cell's index in `Workbook.sharedStrings()`, its `value` then empty text.
    package var sharedStringIndex: Int32 = -1

    public init(reference: CellReference, value: CellValue, isFormula: Bool = false) {
        self.reference = reference
        self.value = value
        self.isFormula = isFormula
    }

    init(reference: CellReference, sharedStringIndex: Int32, isFormula: Bool) {
        self.reference = reference
        value = .text("")
        self.isFormula = isFormula
        self.sharedStringIndex = sharedStringIndex
    }
}

/// One row of a sheet: its 1-based number and its non-blank cells in column order.
public struct Row: Hashable, Sendable {
    public var number: Int
    public var cells: [Cell]

    public init(number: Int, cells: [Cell]) {
        self.number = number
        self.cells = cells
    }
}
