import XLSX

/// Checks the rows of a data sheet against its column specs, one at a time: types, required
/// values, uniqueness and lookups. Sheet-specific rules run on the parsed records.
struct SheetValidator<Column: ContractColumn> {
    let table: SheetTable
    let specs: [ColumnSpec]
    /// The allowed values of each lookup the specs name (missing: not checked here; the
    /// schema check reports an unresolvable lookup).
    let lookups: [ColumnSpec.Lookup: LookupIndex]
    private var reader: FieldReader
    /// The specs of the columns the sheet has, with their column and the contract's column
    /// (nil for one only the sheet declares), found once rather than for every row.
    private let columns: [(spec: ColumnSpec, column: Int, contractColumn: Column?)]
    /// Per entry of `columns`, the row where each value (normalised) was first seen; only a
    /// unique column's is filled.
    private var firstSeen: [FirstRowIndex]
    /// The contract's columns the sheet has.
    private let sheetColumns: [(column: Column, index: Int)]
    /// Per entry of `columns`, the allowed values its lookup names (nil: none, or not checked
    /// here), found once rather than hashed for every cell.
    private let lookupIndexes: [LookupIndex?]

    init(
        table: SheetTable, specs: [ColumnSpec], lookups: [ColumnSpec.Lookup: LookupIndex],
        spill: SpillSettings = SpillSettings()
    ) {
        self.table = table
        self.specs = specs
        self.lookups = lookups
        reader = FieldReader(table: table)
        columns = specs.compactMap { spec in table.column(spec.name).map { (spec, $0, Column(rawValue: spec.name)) } }
        firstSeen = Array(repeating: FirstRowIndex(spill: spill), count: columns.count)
        lookupIndexes = columns.map { entry in entry.spec.lookup.flatMap { lookups[$0] } }
        // A contract column declared twice is read where it was declared last.
        var sheetColumns: [(column: Column, index: Int)] = []
        for (_, column, contractColumn) in columns {
            guard let contractColumn else { continue }
            sheetColumns.removeAll { $0.column == contractColumn }
            sheetColumns.append((contractColumn, column))
        }
        self.sheetColumns = sheetColumns
    }

    /// The problems found so far, in the order found.
    var problems: [Problem] { reader.problems }

    /// The row read, with the values of the contract's columns (a column only the sheet
    /// declares is checked too, but no rule reads it). Rows are checked in order, each once.
    /// Throws the `SpillFailure` of a uniqueness index whose temporary file failed it.
    mutating func validate(_ record: SheetTable.Record) throws -> ParsedRecord<Column> {
        let before = reader.errorCount
        var parsed = ParsedRecord<Column>(number: record.number, columns: sheetColumns)
        for (position, (spec, column, contractColumn)) in columns.enumerated() {
            guard let value = read(spec, record, column, &reader) else {
                if let contractColumn { parsed.set(contractColumn, to: nil) }
                if spec.isRequired, table.value(record, column) == nil {
                    reader.report(
                        .error, .requiredMissing, record, column, value: nil,
                        message: "\(reader.name(column)) is required but empty")
                }
                continue
            }
            if spec.isUnique, let text = value.text {
                let row = UInt32(clamping: record.number)
                if let first = try firstSeen[position].firstRow(ofNormalised: text, orRemember: row) {
                    let at = "\(table.sheet)!\(CellReference(row: Int(first), column: column).a1)"
                    reader.report(
                        .error, .uniqueDuplicate, record, column, value: value.text,
                        message: "\(reader.name(column)) \(quoted: value.text ?? "") is already used at \(at)",
                        hint: "each \(reader.name(column)) must be unique, ignoring case and surrounding spaces")
                }
            }
            if let index = lookupIndexes[position] {
                check(value, against: index, record, column, &reader)
            }
            if let contractColumn { parsed.set(contractColumn, to: value) }
        }
        parsed.isValid = reader.errorCount == before
        return parsed
    }

    private func read(
        _ spec: ColumnSpec, _ record: SheetTable.Record, _ column: Int, _ reader: inout FieldReader
    ) -> FieldValue? {
        switch spec.dataType {
        case .text: reader.text(record, column).map(FieldValue.text)
        case .integer: reader.integer(record, column).map(FieldValue.integer)
        case .boolean: reader.boolean(record, column).map(FieldValue.boolean)
        case .list: reader.list(record, column).map(FieldValue.list)
        case .url: reader.url(record, column).map(FieldValue.text)
        }
    }

    private func check(
        _ value: FieldValue, against index: LookupIndex, _ record: SheetTable.Record, _ column: Int,
        _ reader: inout FieldReader
    ) {
        // Each item looked up as it is, without an array of the cell's items (a row has half a
        // dozen lookup cells, nearly always a single known value).
        switch value {
        case .text(let text): check(text, against: index, record, column, &reader)
        case .integer(let number): check(String(number), against: index, record, column, &reader)
        case .list(let list): for item in list { check(item, against: index, record, column, &reader) }
        case .boolean: break
        }
    }

    private func check(
        _ item: String, against index: LookupIndex, _ record: SheetTable.Record, _ column: Int,
        _ reader: inout FieldReader
    ) {
        guard !index.contains(item) else { return }
        let hint = index.hint(for: item)
        let message =
            index.sameIgnoringCaseAndSpacing(item) != nil
            ? "\(reader.name(column)) \(quoted: item) differs in case or spacing from \(index.source)"
            : "unknown \(reader.name(column)) \(quoted: item)"
        reader.report(.error, .fkUnknownValue, record, column, value: item, message: message, hint: hint)
    }
}
