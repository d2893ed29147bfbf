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

/// One data row, read: its typed fields by column name, and the column of each.
struct ParsedRecord {
    var number: Int
    var fields: [String: FieldValue]
    var columns: [String: Int]
    /// False when any of its values was reported as an error.
    var isValid: Bool

    subscript(_ name: String) -> FieldValue? { fields[name] }
}
