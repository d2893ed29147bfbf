/// A cell's value read as its column's declared type.
enum FieldValue: Hashable {
    case text(String)
    case integer(Int)
    case boolean(Bool)
    case list([String])

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

    init(number: Int, columns: [(column: Column, index: Int)]) {
        self.number = number
        self.columns = columns
        // Each slot set to nil in place: `Array(repeating:count:)` copies its value into each
        // slot through the enum's generic copy.
        values = [FieldValue?](unsafeUninitializedCapacity: columns.count) { slots, count in
            for slot in slots.indices { slots.initializeElement(at: slot, to: nil) }
            count = slots.count
        }
    }

    /// The value read from `column`; nil when blank or reported.
    subscript(_ column: Column) -> FieldValue? {
        for slot in columns.indices where columns[slot].column == column { return values[slot] }
        return nil
    }

    /// The value at `slot` of `columns`; nil when blank or reported.
    subscript(slot slot: Int) -> FieldValue? { values[slot] }

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
