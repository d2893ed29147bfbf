/// A cell's value read as its column's declared type.
enum FieldValue: Hashable {
    case text(String)
    /// Text read in place: cell `index` of the packed rows of the record it was read from
    /// (`ParsedRecord.rows`), plain text (`PackedRows.isPlainText`) whose `String` is made only
    /// when it is asked for. Only a `SheetValidator` makes it, and a `ParsedRecord` gives it out
    /// as `.text` of its `String`.
    case packedText(Int)
    case integer(Int)
    case boolean(Bool)
    case list([String])
    /// A list read in place: cell `index` of the packed rows, plain text split into its items
    /// (`FieldReader.asciiListItems`) only when they are asked for as `String`s. Made and given
    /// out as `packedText` is, as `.list`.
    case packedList(Int)

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    var list: [String]? {
        if case .list(let value) = self { return value }
        return nil
    }

    /// The value with text read in place (`packedText`, `packedList`) made `String`s from `rows`.
    /// Any other value is given as it is, without touching `rows` (a flag or a number read
    /// for every row retained and released them).
    func resolved(in rows: PackedRows?) -> FieldValue {
        switch self {
        case .packedText(let cell):
            guard let rows else { return self }
            return .text(rows.string(cell))
        case .packedList(let cell):
            guard let rows else { return self }
            return .list(rows.withUTF8(cell, FieldReader.asciiListItems(printable:)))
        default: return self
        }
    }
}

/// One data row of a master sheet, its cells read as their columns' types: the contract's
/// columns by case, and where each is.
///
/// Both are short lists searched in order rather than dictionaries: a contract column is one
/// byte to compare, while a dictionary would hash its header text on every look-up, a few
/// dozen times a row.
struct ParsedRecord<Column: ContractColumn> {
    /// 1-based row number in the sheet.
    var number: Int
    /// False when any of its values was reported as an error.
    var isValid = true
    /// The sheet's columns, each contract column once, the same for every row of it (one copy,
    /// shared by all its rows).
    let columns: [(column: Column, index: Int)]
    /// Per entry of `columns`, the value read (nil: blank, reported or not read): one plain
    /// array, rather than a list of (column, value) pairs set in order, which the run time
    /// copies and destroys element by element through their generic tuple type.
    private var values: [FieldValue?]
    /// The packed rows the row was read from in place (`FieldValue.packedText`), if it was.
    let rows: PackedRows?

    init(number: Int, columns: [(column: Column, index: Int)], rows: PackedRows? = nil) {
        self.number = number
        self.columns = columns
        self.rows = rows
        // Each slot set to nil in place: `Array(repeating:count:)` copies its value into each
        // slot through the enum's generic copy.
        values = [FieldValue?](unsafeUninitializedCapacity: columns.count) { slots, count in
            for slot in slots.indices { slots.initializeElement(at: slot, to: nil) }
            count = slots.count
        }
    }

    /// A record whose values go into `spare`, the values of a record read before from the same
    /// sheet (`values`), taken as they are: when nothing else holds them any more, in place. The
    /// caller sets every slot (`set(slot:to:)`, nil for a blank) before any is read, which
    /// replaces the old values one by one. A new array for each row, freed after it, cost more
    /// than the checks of its values (the run time destroyed each of its values through the
    /// enum's generic witnesses), and so did emptying the old one first.
    init(number: Int, columns: [(column: Column, index: Int)], rows: PackedRows?, reusing spare: inout [FieldValue?]) {
        self.number = number
        self.columns = columns
        self.rows = rows
        values = []
        swap(&values, &spare)
        if values.count != columns.count { values = [FieldValue?](repeating: nil, count: columns.count) }
    }

    /// The values, for the next record of the sheet to reuse (`init(…reusing:)`).
    var reusableValues: [FieldValue?] { values }

    /// The value read from `column`; nil when blank or reported.
    subscript(_ column: Column) -> FieldValue? {
        for slot in columns.indices where columns[slot].column == column { return self[slot: slot] }
        return nil
    }

    /// The value at `slot` of `columns`; nil when blank or reported. Text read in place is
    /// given as its `String`, made now.
    subscript(slot slot: Int) -> FieldValue? { values[slot]?.resolved(in: rows) }

    /// The UTF-8 of the text at `slot` of `columns`, lent to `body` (text read in place
    /// without its `String`); nil when the slot holds no text.
    func withUTF8<Result>(slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        switch values[slot] {
        case .packedText(let cell)?:
            guard let rows = unretainedRows else { return nil }
            return try rows._withUnsafeGuaranteedRef { try $0.withUTF8(cell, body) }
        case .text(var text)?:
            return try text.withUTF8(body)
        default:
            return nil
        }
    }

    /// The UTF-8 of the list at `slot` of `columns` when it was read in place (`packedList`:
    /// plain text, its items not split), lent to `body` with the UTF-8 of the text at
    /// `textSlot` (nil when that is blank or reported, or no slot); nil when the list was not
    /// read in place or the other value is not text.
    func withPackedListUTF8<Result>(
        slot: Int, withText textSlot: Int?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) throws -> Result
    ) rethrows -> Result? {
        guard case .packedList(let cell)? = values[slot], let unretained = unretainedRows else { return nil }
        return try unretained._withUnsafeGuaranteedRef { rows in
            switch textSlot.flatMap({ values[$0] }) {
            case nil: return try rows.withUTF8(cell) { try body($0, nil) }
            case .packedText(let text)?:
                return try rows.withUTF8(text) { text in try rows.withUTF8(cell) { try body($0, text) } }
            case .text(var text)?:
                return try text.withUTF8 { text in try rows.withUTF8(cell) { try body($0, text) } }
            default: return nil
            }
        }
    }

    /// `rows`, unretained: the record holds them while its bytes are lent (the rules read a few
    /// fields a row in place, and each retained and released the rows around it).
    @inline(__always)
    private var unretainedRows: Unmanaged<PackedRows>? { rows.map(Unmanaged.passUnretained) }

    /// Whether the column at `slot` of `columns` has a value.
    func hasValue(slot: Int) -> Bool {
        if case .none = values[slot] { return false }
        return true
    }

    /// The sheet column (1 = A) of `column`, when the sheet has it.
    func column(_ column: Column) -> Int? {
        for entry in columns where entry.column == column { return entry.index }
        return nil
    }

    /// Sets the value of the column at `slot` of `columns` (the last set is its value).
    mutating func set(slot: Int, to value: FieldValue?) {
        values[slot] = value
    }
}
