/// What a column holds and how it is checked: one row of a workbook's `schema` sheet, or of
/// the contract TrainDB ships.
public struct ColumnSpec: Hashable, Sendable {
    public enum DataType: String, Hashable, Sendable, CaseIterable {
        case text, integer, boolean, list, url
    }

    /// A `sheet.column` reference to the values a column must take.
    public struct Lookup: Hashable, Sendable, CustomStringConvertible {
        public var sheet: String
        public var column: String

        public init(sheet: String, column: String) {
            self.sheet = sheet
            self.column = column
        }

        /// Parses `lookup_muscles.muscle_group`; nil for anything else.
        public init?(parsing text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let sheet = parts[0].trimmingCharacters(in: .whitespaces)
            let column = parts[1].trimmingCharacters(in: .whitespaces)
            guard !sheet.isEmpty, !column.isEmpty else { return nil }
            self.init(sheet: sheet.lowercased(), column: column.lowercased())
        }

        public var description: String { "\(sheet).\(column)" }
    }

    public var name: String
    public var dataType: DataType
    public var isRequired: Bool
    public var isUnique: Bool
    public var lookup: Lookup?

    public init(_ name: String, _ dataType: DataType, required: Bool, unique: Bool = false, lookup: String? = nil) {
        self.name = name
        self.dataType = dataType
        self.isRequired = required
        self.isUnique = unique
        self.lookup = lookup.flatMap(Lookup.init(parsing:))
    }
}
