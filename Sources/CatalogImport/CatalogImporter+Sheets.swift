import Catalog
import Foundation
import XLSX

extension CatalogImporter {
    /// Checks a master sheet against its schema sheet, and the schema sheet against the
    /// contract of `Column`; returns the rows read.
    func check<Column: ContractColumn>(
        _ columns: Column.Type, master: SheetTable?, schema schemaTable: SheetTable?, scope: String? = nil,
        lookupTables: [String: SheetTable], lookupValues: [String: LookupValues] = [:], problems: inout [Problem]
    ) throws(ImportFailure) -> [ParsedRecord<Column>] {
        var records: [ParsedRecord<Column>] = []
        try check(
            columns, master: master, schema: schemaTable, scope: scope, lookupTables: lookupTables,
            lookupValues: lookupValues, problems: &problems
        ) { _, parsed in records.append(parsed) }
        return records
    }

    /// The same, handing each row to `each` as it is read, raw and parsed, and keeping none: a
    /// streamed master sheet of any length is checked holding one row. A lookup into a
    /// streamed sheet takes its values from `lookupValues` (`sheet.column` → values). The
    /// parsed row is `each`'s to keep or pass on without a copy.
    func check<Column: ContractColumn>(
        _ columns: Column.Type, master: SheetTable?, schema schemaTable: SheetTable?, scope: String? = nil,
        lookupTables: [String: SheetTable], lookupValues: [String: LookupValues] = [:], problems: inout [Problem],
        each: (SheetTable.Record, consuming ParsedRecord<Column>) throws -> Void
    ) throws(ImportFailure) {
        let contract = Column.contract
        let schema = schemaTable.map { SchemaSheet(table: $0, scope: scope) }
        if let schema {
            problems += schema.problems
            if let master { problems += schema.compare(contract: contract, master: master) }
        }
        guard let master else { return }
        // Values without a header are listed here, before what follows, once the rows are read.
        let unheadedAt = problems.count
        let specs = schema?.effectiveSpecs(contract: contract) ?? contract
        if schema == nil {
            problems += Self.missingColumns(contract.map(\.name), in: master)
        }
        var indexes: [ColumnSpec.Lookup: LookupIndex] = [:]
        for spec in specs {
            guard let lookup = spec.lookup, indexes[lookup] == nil else { continue }
            if let table = lookupTables[lookup.sheet], let column = table.column(lookup.column) {
                let source = "\(table.sheet).\(table.headers[column] ?? lookup.column)"
                if let values = lookupValues[lookup.description] {
                    indexes[lookup] = LookupIndex(source: source, streamed: values)
                } else {
                    indexes[lookup] = LookupIndex(
                        source: source, values: table.records.compactMap { Self.lookupValue($0, column) })
                }
            } else if let schema, let entry = schema.entry(spec.name),
                !WorkbookContract.lookupSheets.contains(where: { $0.sheet == lookup.sheet })
                    || lookupTables[lookup.sheet] != nil
            {
                // A lookup into a sheet reported missing is not reported again.
                problems.append(Self.unresolvableLookup(lookup, of: spec, in: schema, at: entry.row))
            }
        }
        var validator = SheetValidator<Column>(table: master, specs: specs, lookups: indexes, spill: spill)
        let unheaded = FieldReader(table: master)
        do {
            try master.forEachRecord { record in
                master.valuesWithoutHeader(record, unheaded)
                try each(record, try validator.validate(record))
            }
        } catch let error as XLSXError {
            throw ImportFailure(code: error.code, file: master.file, message: error.message)
        } catch let failure as SpillFailure {
            throw Self.unfinished(master, failure)
        } catch {
            throw ImportFailure(code: "file.unreadable", file: master.file, message: "\(error)")
        }
        problems.insert(contentsOf: unheaded.problems, at: unheadedAt)
        problems += validator.problems
    }

    /// The check of `table` stopped by its temporary file: the report would be incomplete, so
    /// there is none.
    static func unfinished(_ table: SheetTable, _ failure: SpillFailure) -> ImportFailure {
        ImportFailure(
            code: SpillFailure.code, file: table.file,
            message: "the check of sheet \(quoted: table.sheet) could not finish: \(failure.message)")
    }

    /// The value a lookup reads from a row's cell in `column`: nil for a blank or over-long cell.
    static func lookupValue(_ record: SheetTable.Record, _ column: Int?) -> String? {
        guard let column else { return nil }
        return record[column].flatMap { $0.exceedsTextLimit ? nil : $0.trimmedText }
    }

    /// Opens a workbook and reads the named sheets; a missing sheet is a problem, an
    /// unreadable file a failure. A streamed sheet of a check that keeps no row is read further
    /// ahead (`SheetTable.RecordStream.init`).
    func readTables(
        _ file: String, sheets: [String], streaming: Set<String> = [], problems: inout [Problem]
    ) throws(ImportFailure) -> [String: SheetTable] {
        guard FileManager.default.fileExists(atPath: file) else {
            throw ImportFailure(code: "file.missing", file: file, message: "no such workbook")
        }
        do {
            let workbook = try Workbook(path: file)
            problems += Self.sheetListProblems(workbook, file: file, reading: sheets)
            var tables: [String: SheetTable] = [:]
            for name in sheets {
                guard let info = workbook.sheet(named: name) else {
                    problems.append(
                        Problem(
                            .error, .sheetMissing, file: file, sheet: name,
                            message: "the workbook has no sheet \(quoted: name)",
                            hint: "its sheets are: "
                                + workbook.sheets.map { "\(quoted: $0.name)" }.joined(separator: ", ")))
                    continue
                }
                tables[name] = try SheetTable(
                    workbook: workbook, info: info, file: file, problemLimit: problemLimit,
                    streaming: streaming.contains(name), readingFarAhead: !keepsContent && stage == nil,
                    problems: &problems)
            }
            return tables
        } catch let error as XLSXError {
            throw ImportFailure(code: error.code, file: file, message: error.message)
        } catch {
            throw ImportFailure(code: "file.unreadable", file: file, message: "\(error)")
        }
    }

    /// A sheet listed twice in `workbook.xml` (an error: one of the two is never read), and a
    /// master sheet that is hidden (a warning: its rows are built, but people may not see them).
    private static func sheetListProblems(_ workbook: Workbook, file: String, reading names: [String]) -> [Problem] {
        let duplicates = workbook.duplicateSheets.map { sheet in
            Problem(
                .error, .sheetDuplicate, file: file, sheet: sheet.name,
                message: "the workbook lists a sheet named \(quoted: sheet.name) twice; "
                    + "TrainDB reads only the first, and Excel refuses to open such a file",
                hint: "open and save the workbook in Excel or LibreOffice to repair it, then check the sheet's rows")
        }
        let hidden = names.filter(WorkbookContract.masterSheets.contains).compactMap { name in
            workbook.sheet(named: name).flatMap { sheet in
                sheet.state == .visible ? nil : Problem(
                    .warning, .sheetHidden, file: file, sheet: sheet.name,
                    message: "the \(shown: sheet.name) sheet is \(sheet.state.rawValue): "
                        + "its rows are checked and built, but people editing the workbook may not see them",
                    hint: "unhide it (right-click a sheet tab › Unhide)")
            }
        }
        return duplicates + hidden
    }

    static func missingColumns(_ columns: [String], in table: SheetTable) -> [Problem] {
        columns.filter { table.column($0) == nil }.map { name in
            Problem(
                .error, .columnMissing, file: table.file, sheet: table.sheet, column: name,
                message: "\(table.sheet) has no column \(quoted: name)",
                hint: "its header row (row 1) needs: " + columns.joined(separator: ", "))
        }
    }

    private static func unresolvableLookup(
        _ lookup: ColumnSpec.Lookup, of spec: ColumnSpec, in schema: SchemaSheet, at row: Int
    ) -> Problem {
        let known = WorkbookContract.lookupSheets.flatMap { sheet in sheet.columns.map { "\(sheet.sheet).\($0)" } }
        return Problem(
            .error, .schemaInvalid, file: schema.table.file, sheet: schema.table.sheet,
            cell: schema.table.column("lookup").map { CellReference(row: row, column: $0).a1 },
            column: "lookup", value: lookup.description,
            message: "lookup \(quoted: lookup.description) of column \(quoted: spec.name) "
                + "names no sheet and column TrainDB can find",
            hint: "use one of: " + known.joined(separator: ", "))
    }
}
