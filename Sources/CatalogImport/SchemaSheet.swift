/// A workbook's `schema` sheet: the data dictionary the data team keeps beside the master
/// sheet. TrainDB checks the master against it, and it against the columns the shipped
/// database schema expects.
import XLSX

struct SchemaSheet {
    struct Entry {
        var spec: ColumnSpec
        /// The schema sheet row that declares it.
        var row: Int
    }

    let table: SheetTable
    /// The master sheet this view declares, when it is not the workbook's first: its rows name
    /// their columns `sheet.column` (`exercise_exceptions.level`).
    let scope: String?
    private(set) var entries: [Entry] = []
    private(set) var problems: [Problem] = []

    /// The declarations of one master sheet: with `scope`, the rows qualified by that sheet's
    /// name; without, the unqualified rows. Each row's problems are reported by its own view.
    init(table: SheetTable, scope: String? = nil) {
        self.table = table
        self.scope = scope
        var reader = FieldReader(table: table)
        let nameColumn = table.column("column_name")
        let typeColumn = table.column("data_type")
        let requiredColumn = table.column("required")
        let uniqueColumn = table.column("unique")
        let lookupColumn = table.column("lookup")
        for name in WorkbookContract.schemaSheetColumns where scope == nil && table.column(name) == nil {
            problems.append(Problem(
                .error, .columnMissing, file: table.file, sheet: table.sheet, column: name,
                message: "the schema sheet has no \(quoted: name) column",
                hint: "its header row needs: " + WorkbookContract.schemaSheetColumns.joined(separator: ", ")))
        }
        var seen: [String: Int] = [:]
        for record in table.records {
            let qualified = nameColumn.flatMap { table.value(record, $0)?.trimmedText }.map(Self.split)
            guard qualified?.sheet == scope, scope == nil || qualified != nil else { continue }
            guard let nameColumn, let name = reader.text(record, nameColumn).map({ Self.split($0).column }) else {
                if let nameColumn {
                    reader.report(.error, .requiredMissing, record, nameColumn, value: nil,
                                  message: "the schema row has no column_name")
                }
                continue
            }
            if let first = seen[SheetTable.normalise(name)] {
                reader.report(.error, .uniqueDuplicate, record, nameColumn, value: name,
                              message: "column \(quoted: name) is declared twice in the schema sheet",
                              hint: "the first declaration is at "
                                  + "\(table.sheet)!\(CellReference(row: first, column: nameColumn).a1)")
                continue
            }
            seen[SheetTable.normalise(name)] = record.number
            var dataType = ColumnSpec.DataType.text
            if let typeColumn, let raw = reader.text(record, typeColumn) {
                if let parsed = ColumnSpec.DataType(rawValue: raw.lowercased()) {
                    dataType = parsed
                } else {
                    reader.report(.error, .schemaInvalid, record, typeColumn, value: raw,
                                  message: "unknown data_type \(quoted: raw) for column \(quoted: name)",
                                  hint: "use one of: "
                                      + ColumnSpec.DataType.allCases.map(\.rawValue).joined(separator: ", "))
                }
            }
            let required = Self.flag(&reader, record, requiredColumn, name: name)
            let unique = Self.flag(&reader, record, uniqueColumn, name: name)
            var spec = ColumnSpec(SheetTable.normalise(name), dataType, required: required, unique: unique)
            if let lookupColumn, let raw = reader.text(record, lookupColumn) {
                if let lookup = ColumnSpec.Lookup(parsing: raw) {
                    spec.lookup = lookup
                } else {
                    reader.report(.error, .schemaInvalid, record, lookupColumn, value: raw,
                                  message: "lookup \(quoted: raw) for column \(quoted: name) "
                                      + "is not of the form sheet.column",
                                  hint: "e.g. lookup_muscles.muscle_group, or leave it blank")
                }
            }
            entries.append(Entry(spec: spec, row: record.number))
        }
        problems += reader.problems
    }

    /// `exercise_exceptions.level` → (exercise_exceptions, level); a name without a master
    /// sheet's prefix is unqualified.
    static func split(_ name: String) -> (sheet: String?, column: String) {
        guard let dot = name.firstIndex(of: ".") else { return (nil, name) }
        let sheet = SheetTable.normalise(String(name[..<dot]))
        guard WorkbookContract.masterSheets.contains(sheet) else { return (nil, name) }
        return (sheet, String(name[name.index(after: dot)...]))
    }

    private static func flag(
        _ reader: inout FieldReader, _ record: SheetTable.Record, _ column: Int?, name: String
    ) -> Bool {
        guard let column, let raw = reader.text(record, column) else { return false }
        switch raw.uppercased() {
        case "Y", "YES": return true
        case "N", "NO": return false
        default:
            reader.report(.error, .schemaInvalid, record, column, value: raw,
                          message: "\(reader.name(column)) for column \(quoted: name) must be Y or N, "
                              + "found \(quoted: raw)")
            return false
        }
    }

    /// How the schema sheet names a column of this view's sheet.
    func declaredName(_ column: String) -> String {
        scope.map { "\($0).\(column)" } ?? column
    }

    func entry(_ name: String) -> Entry? {
        let key = SheetTable.normalise(name)
        return entries.first { $0.spec.name == key }
    }

    /// The specs the master is checked against: the sheet's declaration of each column, the
    /// contract's where the sheet says nothing, then columns only the sheet declares.
    func effectiveSpecs(contract: [ColumnSpec]) -> [ColumnSpec] {
        let contractNames = Set(contract.map(\.name))
        return contract.map { entry($0.name)?.spec ?? $0 }
            + entries.map(\.spec).filter { !contractNames.contains($0.name) }
    }

    /// Differences between this sheet, the shipped contract and the master's header row.
    func compare(contract: [ColumnSpec], master: SheetTable) -> [Problem] {
        var problems: [Problem] = []
        let nameColumn = table.column("column_name") ?? 1
        func at(_ row: Int, _ column: Int?) -> String {
            CellReference(row: row, column: column ?? nameColumn).a1
        }
        func problem(
            _ code: Problem.Code, row: Int?, column: Int?, header: String?, value: String?, _ message: String,
            hint: String?
        ) {
            problems.append(Problem(
                .error, code, file: table.file, sheet: table.sheet, cell: row.map { at($0, column) },
                column: header, value: value, message: message, hint: hint))
        }
        let contractNames = Set(contract.map(\.name))
        for expected in contract {
            guard let declared = entry(expected.name) else {
                problem(.schemaMissingColumn, row: nil, column: nil, header: "column_name", value: nil,
                        "the database schema TrainDB ships has column \(quoted: declaredName(expected.name)), "
                            + "but the schema sheet does not declare it",
                        hint: "add a schema row for \(declaredName(expected.name)) (\(expected.dataType.rawValue))")
                continue
            }
            let found = declared.spec
            let attributes: [(header: String, ours: String, theirs: String)] = [
                ("data_type", expected.dataType.rawValue, found.dataType.rawValue),
                ("required", expected.isRequired ? "Y" : "N", found.isRequired ? "Y" : "N"),
                ("unique", expected.isUnique ? "Y" : "N", found.isUnique ? "Y" : "N"),
                ("lookup", expected.lookup?.description ?? "", found.lookup?.description ?? ""),
            ]
            for attribute in attributes where attribute.ours != attribute.theirs {
                problem(.schemaMismatch, row: declared.row, column: table.column(attribute.header),
                        header: attribute.header,
                        value: attribute.theirs,
                        "the schema sheet declares \(expected.name) with \(attribute.header) "
                            + "\(quoted: attribute.theirs), "
                            + "but the database schema TrainDB ships has \(quoted: attribute.ours)",
                        hint: "set it to \(quoted: attribute.ours), or change the database schema in a new migration")
            }
        }
        for declared in entries where !contractNames.contains(declared.spec.name) {
            problem(.schemaUnknownColumn, row: declared.row, column: nil, header: "column_name",
                    value: declared.spec.name,
                    "the schema sheet declares column \(quoted: declared.spec.name), "
                        + "but the database schema TrainDB ships has no such column",
                    hint: "remove it from the schema sheet, or add it to the database schema in a new migration")
        }
        // The master against the sheet: each header declared, each declaration present.
        let declaredNames = Set(entries.map(\.spec.name))
        for (column, header) in master.headers.sorted(by: { $0.key < $1.key })
        where !declaredNames.contains(SheetTable.normalise(header)) {
            problems.append(Problem(
                .error, .columnUndeclared, file: master.file, sheet: master.sheet, cell: master.headerCell(column),
                column: header, value: header,
                message: "column \(quoted: header) of \(master.sheet) is not declared in the \(table.sheet) sheet",
                hint: contractNames.contains(SheetTable.normalise(header))
                    ? "add a row for it to \(table.sheet)"
                    : "was it renamed? TrainDB expects: " + contract.map(\.name).joined(separator: ", ")))
        }
        for declared in entries where master.column(declared.spec.name) == nil {
            problems.append(Problem(
                .error, .columnMissing, file: master.file, sheet: master.sheet, column: declared.spec.name,
                message: "\(master.sheet) has no column \(quoted: declared.spec.name), "
                    + "which is declared at \(table.sheet)!\(at(declared.row, nil))",
                hint: "add the column to \(master.sheet), or remove its row from \(table.sheet) (was it renamed?)"))
        }
        return problems
    }
}
