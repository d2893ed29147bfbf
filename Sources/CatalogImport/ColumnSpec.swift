/// What a column holds and how it is checked: one row of a workbook's `schema` sheet, or of
/// the contract TrainDB ships.
struct ColumnSpec: Hashable, Sendable {
    enum DataType: String, Hashable, Sendable, CaseIterable {
        case text, integer, boolean, list, url
    }

    /// A `sheet.column` reference to the values a column must take.
    struct Lookup: Hashable, Sendable, CustomStringConvertible {
        var sheet: String
        var column: String

        init(sheet: String, column: String) {
            self.sheet = sheet
            self.column = column
        }

        /// Parses `lookup_muscles.muscle_group`; nil for anything else.
        init?(parsing text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let sheet = parts[0].trimmingCharacters(in: .whitespaces)
            let column = parts[1].trimmingCharacters(in: .whitespaces)
            guard !sheet.isEmpty, !column.isEmpty else { return nil }
            self.init(sheet: sheet.lowercased(), column: column.lowercased())
        }

        var description: String { "\(sheet).\(column)" }
    }

    var name: String
    var dataType: DataType
    var isRequired: Bool
    var isUnique: Bool
    var lookup: Lookup?

    init(_ name: String, _ dataType: DataType, required: Bool, unique: Bool = false, lookup: String? = nil) {
        self.name = name
        self.dataType = dataType
        self.isRequired = required
        self.isUnique = unique
        self.lookup = lookup.flatMap(Lookup.init(parsing:))
    }
}
