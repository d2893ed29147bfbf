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
struct ParsedRecord<Column: ContractColumn> {
    /// 1-based row number in the sheet.
    var number: Int
    /// False when any of its values was reported as an error.
    var isValid = true
    private(set) var fields: [Column: FieldValue] = [:]
    /// The sheet's columns, the same for every row of it (one copy, shared by all its rows).
    let columns: [Column: Int]

    init(number: Int, columns: [Column: Int]) {
        self.number = number
        self.columns = columns
    }

    /// The value read from `column`; nil when blank or reported.
    subscript(_ column: Column) -> FieldValue? { fields[column] }

    /// The sheet column (1 = A) of `column`, when the sheet has it.
    func column(_ column: Column) -> Int? { columns[column] }

    mutating func set(_ column: Column, to value: FieldValue?) {
        fields[column] = value
    }
}
