import Catalog
import Foundation
import Logging
import XLSX

/// Reads both workbooks of a catalogue folder, checks every row against the contract, and
/// returns every problem found together with the records, ready for a database build.
public struct CatalogImporter {
    /// What an import found.
    public struct Result: Sendable {
        /// Every problem, in workbook, sheet and row order.
        public var problems: [Problem]
        /// The catalogue, when no problem is an error.
        public var content: CatalogContent?

        public var errorCount: Int { problems.count { $0.severity == .error } }
        public var warningCount: Int { problems.count { $0.severity == .warning } }
    }

    private let logger: Logger

    public init(logger: Logger = Logger(label: "traindb.import")) {
        self.logger = logger
    }

    /// Imports `directory/train_exercise_database_prod.xlsx` and
    /// `directory/train_exercise_contraindications_prod.xlsx`.
    public func importCatalog(from directory: String) throws(ImportFailure) -> Result {
        let exerciseFile = Self.join(directory, WorkbookContract.exerciseWorkbook)
        let contraindicationFile = Self.join(directory, WorkbookContract.contraindicationWorkbook)
        var problems: [Problem] = []

        let exerciseSheets = ["exercises", "schema"] + WorkbookContract.lookupSheets.map(\.sheet)
        let exerciseTables = try readTables(exerciseFile, sheets: exerciseSheets, problems: &problems)
        let lookups = LookupSheets(tables: exerciseTables)
        for (sheet, columns) in WorkbookContract.lookupSheets {
            guard let table = exerciseTables[sheet] else { continue }
            problems += Self.missingColumns(columns, in: table)
        }
        problems += lookups.problems
        let exercises = check(
            master: exerciseTables["exercises"], schema: exerciseTables["schema"],
            contract: WorkbookContract.exerciseColumns, lookupTables: exerciseTables, problems: &problems)
        let exerciseRules = exerciseTables["exercises"].map { ExerciseRules(table: $0, itemsByCategory: lookups.itemsByCategory) }
        let checkedExercises = exerciseRules?.check(exercises) ?? (exercises: [], problems: [])
        problems += checkedExercises.problems

        let contraindicationTables = try readTables(contraindicationFile, sheets: ["contraindications", "schema"], problems: &problems)
        let contraindicationRecords = check(
            master: contraindicationTables["contraindications"], schema: contraindicationTables["schema"],
            contract: WorkbookContract.contraindicationColumns, lookupTables: exerciseTables, problems: &problems)
        let contraindicationRules = contraindicationTables["contraindications"].map(ContraindicationRules.init(table:))
        let checkedContraindications = contraindicationRules?.check(contraindicationRecords) ?? (contraindications: [], problems: [])
        problems += checkedContraindications.problems

        var result = Result(problems: problems, content: nil)
        logger.debug("checked catalogue", metadata: [
            "exercises": "\(exercises.count)", "errors": "\(result.errorCount)", "warnings": "\(result.warningCount)",
        ])
        guard result.errorCount == 0 else { return result }
        result.content = CatalogContent(
            exercises: checkedExercises.exercises, contraindications: checkedContraindications.contraindications,
            equipment: lookups.equipment, muscles: lookups.muscles, movementPatterns: lookups.movementPatterns,
            complexityLevels: lookups.complexityLevels,
            selectionTiers: lookups.selectionTiers,
            sources: [
                try Self.source(exerciseFile, name: WorkbookContract.exerciseWorkbook),
                try Self.source(contraindicationFile, name: WorkbookContract.contraindicationWorkbook),
            ])
        return result
    }

    /// Checks a master sheet against its schema sheet, and the schema sheet against the
    /// contract; returns the rows read.
    private func check(
        master: SheetTable?, schema schemaTable: SheetTable?, contract: [ColumnSpec],
        lookupTables: [String: SheetTable], problems: inout [Problem]
    ) -> [ParsedRecord] {
        let schema = schemaTable.map(SchemaSheet.init(table:))
        if let schema {
            problems += schema.problems
            if let master { problems += schema.compare(contract: contract, master: master) }
        }
        guard let master else { return [] }
        let specs = schema?.effectiveSpecs(contract: contract) ?? contract
        if schema == nil {
            problems += Self.missingColumns(contract.map(\.name), in: master)
        }
        var indexes: [ColumnSpec.Lookup: LookupIndex] = [:]
        for spec in specs {
            guard let lookup = spec.lookup, indexes[lookup] == nil else { continue }
            if let table = lookupTables[lookup.sheet], let column = table.column(lookup.column) {
                indexes[lookup] = LookupIndex(
                    source: "\(table.sheet).\(table.headers[column] ?? lookup.column)",
                    values: table.records.compactMap { $0.values[column]?.trimmedText })
            } else if let schema, let entry = schema.entry(spec.name),
                      !WorkbookContract.lookupSheets.contains(where: { $0.sheet == lookup.sheet }) || lookupTables[lookup.sheet] != nil {
                // A lookup into a sheet reported missing is not reported again.
                problems.append(Problem(
                    .error, .schemaInvalid, file: schema.table.file, sheet: schema.table.sheet,
                    cell: schema.table.column("lookup").map { CellReference(row: entry.row, column: $0).a1 },
                    column: "lookup", value: lookup.description,
                    message: "lookup \"\(lookup)\" of column \"\(spec.name)\" names no sheet and column TrainDB can find",
                    hint: "use one of: " + WorkbookContract.lookupSheets.flatMap { sheet in sheet.columns.map { "\(sheet.sheet).\($0)" } }.joined(separator: ", ")))
            }
        }
        let validated = SheetValidator(table: master, specs: specs, lookups: indexes).validate()
        problems += validated.problems
        return validated.records
    }

    /// Opens a workbook and reads the named sheets; a missing sheet is a problem, an
    /// unreadable file a failure.
    private func readTables(_ file: String, sheets: [String], problems: inout [Problem]) throws(ImportFailure) -> [String: SheetTable] {
        guard FileManager.default.fileExists(atPath: file) else {
            throw ImportFailure(code: "file.missing", file: file, message: "no such workbook")
        }
        do {
            let workbook = try Workbook(path: file)
            var tables: [String: SheetTable] = [:]
            for name in sheets {
                guard let info = workbook.sheet(named: name) else {
                    problems.append(Problem(
                        .error, .sheetMissing, file: file, sheet: name,
                        message: "the workbook has no sheet \"\(name)\"",
                        hint: "its sheets are: " + workbook.sheets.map { "\"\($0.name)\"" }.joined(separator: ", ")))
                    continue
                }
                tables[name] = try SheetTable(workbook: workbook, info: info, file: file, problems: &problems)
            }
            return tables
        } catch let error as XLSXError {
            throw ImportFailure(code: error.code, file: file, message: error.message)
        } catch {
            throw ImportFailure(code: "file.unreadable", file: file, message: "\(error)")
        }
    }

    private static func missingColumns(_ columns: [String], in table: SheetTable) -> [Problem] {
        columns.filter { table.column($0) == nil }.map { name in
            Problem(.error, .columnMissing, file: table.file, sheet: table.sheet, column: name,
                    message: "\(table.sheet) has no column \"\(name)\"",
                    hint: "its header row (row 1) needs: " + columns.joined(separator: ", "))
        }
    }

    private static func source(_ file: String, name: String) throws(ImportFailure) -> CatalogContent.Source {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ImportFailure(code: "file.unreadable", file: file, message: "cannot read the workbook")
        }
        return CatalogContent.Source(fileName: name, sha256: SHA256.hex([UInt8](data)))
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
