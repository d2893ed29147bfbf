import Catalog
import CatalogBuild
import Crypto
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
        /// The catalogue, when no problem is an error and the importer keeps it.
        public var content: CatalogContent?

        public var errorCount: Int { Problem.total(.error, in: problems) }
        public var warningCount: Int { Problem.total(.warning, in: problems) }
    }

    private let logger: Logger
    /// The most problems of one kind (severity, code, file, sheet, column) an import keeps; the
    /// others are counted in one problem standing for them. Nil keeps every one.
    let problemLimit: Int?

    /// Whether a clean import returns the catalogue (`content`): a build needs it, a check only
    /// the problems, and a check that keeps no row holds memory bounded by what is looked up.
    let keepsContent: Bool

    /// Where a build streams the valid exercises as they are checked, rather than keep them:
    /// the content it returns then has no `exercises`, and the build holds one row at a time.
    let stage: ExerciseStage?

    /// How the check keeps its per-row values past their memory limit (tests give it a file
    /// that fails).
    var spill = SpillSettings()

    public init(
        logger: Logger = Logger(label: "traindb.import"), problemLimit: Int? = nil, keepsContent: Bool = true,
        stage: ExerciseStage? = nil
    ) {
        self.logger = logger
        self.problemLimit = problemLimit
        self.keepsContent = keepsContent
        self.stage = stage
    }

    /// Imports `directory/train_exercise_database_prod.xlsx` and
    /// `directory/train_exercise_contraindications_prod.xlsx`.
    public func importCatalog(from directory: String) throws(ImportFailure) -> Result {
        let exerciseFile = Self.join(directory, WorkbookContract.exerciseWorkbook)
        let contraindicationFile = Self.join(directory, WorkbookContract.contraindicationWorkbook)
        var problems: [Problem] = []

        // The values the contraindications workbook looks up in the exercises sheet, read first
        // so that a long exercises sheet need not be kept to check them.
        let referenced = referencedExerciseValues(in: contraindicationFile)
        let exerciseSheets = ["exercises", "schema"] + WorkbookContract.lookupSheets.map(\.sheet)
        // The exercises sheet is read a row at a time, as it is checked: its length costs time,
        // not memory.
        let exerciseTables = try readTables(
            exerciseFile, sheets: exerciseSheets, streaming: ["exercises"], problems: &problems)
        let lookupSheets = LookupSheets(tables: exerciseTables)
        for (sheet, columns) in WorkbookContract.lookupSheets {
            guard let table = exerciseTables[sheet] else { continue }
            problems += Self.missingColumns(columns, in: table)
        }
        problems += lookupSheets.problems
        let lookups = CatalogLookups(
            equipment: lookupSheets.equipment, muscles: lookupSheets.muscles,
            movementPatterns: lookupSheets.movementPatterns, complexityLevels: lookupSheets.complexityLevels,
            selectionTiers: lookupSheets.selectionTiers)
        var rules = exerciseTables["exercises"].map {
            ExerciseRules(
                table: $0, lookups: lookups, keepsExercises: keepsContent, stage: stage,
                groupsWanted: referenced["exercise_id"] ?? [], spill: spill)
        }
        // What the contraindications workbook's lookups read from the exercises sheet.
        var exerciseValues = Self.exerciseLookupColumns.map { column in
            (
                column: exerciseTables["exercises"]?.column(column),
                values: LookupValues(referenced: referenced[column] ?? [])
            )
        }
        var exerciseCount = 0
        try check(
            ExerciseColumn.self, master: exerciseTables["exercises"], schema: exerciseTables["schema"],
            lookupTables: exerciseTables, problems: &problems
        ) { record, parsed in
            exerciseCount += 1
            // Handed on, not copied: copying a row's record (its columns, values and packed
            // rows) took three generic copies and their releases for every row.
            try rules?.check(consume parsed)
            for index in exerciseValues.indices {
                let column = exerciseValues[index].column
                // A plain text cell's bytes are the value it gives, kept without a `String`; the
                // rows unretained (the record holds them), as they were retained and released
                // around each cell.
                if let column, let rows = record.rows.map(Unmanaged.passUnretained),
                    let cell = record.plainPackedText(column)
                {
                    rows._withUnsafeGuaranteedRef { rows in
                        rows.withUTF8(cell) { exerciseValues[index].values.add(utf8: $0) }
                    }
                } else if let value = Self.lookupValue(record, column) {
                    exerciseValues[index].values.add(value)
                }
            }
        }
        var exercises: (exercises: [Exercise], problems: [Problem])?
        if let rules {
            do {
                exercises = try rules.finish()
            } catch let failure as SpillFailure {
                throw Self.unfinished(rules.table, failure)
            } catch {
                throw ImportFailure(code: "file.unreadable", file: exerciseFile, message: "\(error)")
            }
        }
        let lookupValues = Dictionary(
            uniqueKeysWithValues: zip(Self.exerciseLookupColumns, exerciseValues).map {
                ("exercises.\($0)", $1.values)
            })
        problems += exercises?.problems ?? []

        let contraindicationTables = try readTables(
            contraindicationFile, sheets: ["contraindications", WorkbookContract.exceptionSheet, "schema"],
            problems: &problems)
        let contraindicationRows = try check(
            ContraindicationColumn.self, master: contraindicationTables["contraindications"],
            schema: contraindicationTables["schema"], lookupTables: exerciseTables, lookupValues: lookupValues,
            problems: &problems
        ).map(ContraindicationRow.init)
        let exceptionRows = try check(
            ExceptionColumn.self, master: contraindicationTables[WorkbookContract.exceptionSheet],
            schema: contraindicationTables["schema"], scope: WorkbookContract.exceptionSheet,
            lookupTables: exerciseTables, lookupValues: lookupValues, problems: &problems
        ).map(ExceptionRow.init)
        let spellings = JointSpellings(
            JointSpellings.uses(
                sheet: "contraindications", contraindicationRows.map { ($0.joint, $0.number, $0.jointColumn) })
                + JointSpellings.uses(
                    sheet: WorkbookContract.exceptionSheet,
                    exceptionRows.map { ($0.joint, $0.number, $0.jointColumn) }))
        let contraindications = contraindicationTables["contraindications"].map {
            ContraindicationRules(table: $0).check(contraindicationRows, spellings: spellings)
        }
        problems += contraindications?.problems ?? []
        let exceptions = contraindicationTables[WorkbookContract.exceptionSheet].map {
            ExceptionRules(
                table: $0, groupByExercise: rules?.groupByExercise ?? [:],
                contraindications: contraindications?.contraindications ?? []
            ).check(exceptionRows, spellings: spellings)
        }
        problems += exceptions?.problems ?? []

        var result = Result(problems: Problem.capped(problems, limit: problemLimit), content: nil)
        logger.debug(
            "checked catalogue",
            metadata: [
                "exercises": "\(exerciseCount)", "errors": "\(result.errorCount)",
                "warnings": "\(result.warningCount)",
            ])
        guard result.errorCount == 0, keepsContent else { return result }
        result.content = CatalogContent(
            exercises: exercises?.exercises ?? [], contraindications: contraindications?.contraindications ?? [],
            exceptions: exceptions?.exceptions ?? [],
            equipment: lookupSheets.equipment, muscles: lookupSheets.muscles,
            movementPatterns: lookupSheets.movementPatterns, complexityLevels: lookupSheets.complexityLevels,
            selectionTiers: lookupSheets.selectionTiers,
            sources: [
                try Self.source(exerciseFile, name: WorkbookContract.exerciseWorkbook),
                try Self.source(contraindicationFile, name: WorkbookContract.contraindicationWorkbook),
            ])
        return result
    }

    /// The columns of the exercises sheet that the contraindications workbook's lookups read
    /// (`contraindications.canonical_name`, `exercise_exceptions.exercise_id`): collected while
    /// the sheet streams by, since its rows are not kept.
    static let exerciseLookupColumns = Array(
        Set(
            (ContraindicationColumn.contract + ExceptionColumn.contract).compactMap { spec in
                spec.lookup.flatMap { $0.sheet == "exercises" ? $0.column : nil }
            })
    ).sorted()

    /// Per column of the exercises sheet, the values (normalised) the contraindications
    /// workbook's sheets name in it; empty when that workbook cannot be read (its own check
    /// reports why).
    private func referencedExerciseValues(in file: String) -> [String: Set<String>] {
        var ignored: [Problem] = []
        let sheets = [
            ("contraindications", ContraindicationColumn.contract),
            (WorkbookContract.exceptionSheet, ExceptionColumn.contract),
        ]
        guard let tables = try? readTables(file, sheets: sheets.map(\.0), problems: &ignored) else { return [:] }
        var referenced: [String: Set<String>] = [:]
        for (sheet, contract) in sheets {
            guard let table = tables[sheet] else { continue }
            for spec in contract {
                guard let lookup = spec.lookup, lookup.sheet == "exercises", let column = table.column(spec.name)
                else { continue }
                for record in table.records {
                    if let value = Self.lookupValue(record, column) {
                        referenced[lookup.column, default: []].insert(SheetTable.normalise(value))
                    }
                }
            }
        }
        return referenced
    }

    /// The two workbooks' paths in `directory`, exercises first.
    public static func workbookPaths(in directory: String) -> [String] {
        [
            join(directory, WorkbookContract.exerciseWorkbook),
            join(directory, WorkbookContract.contraindicationWorkbook),
        ]
    }

    /// The workbook's provenance: its name and the SHA-256 of its bytes, read a chunk at a time
    /// (a whole grown workbook read at once was the build's largest allocation: 140 MB at a
    /// million rows, more than everything else the build holds).
    private static func source(_ file: String, name: String) throws(ImportFailure) -> CatalogSource {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ImportFailure(code: "file.unreadable", file: file, message: "cannot read the workbook")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
        } catch {
            throw ImportFailure(code: "file.unreadable", file: file, message: "cannot read the workbook: \(error)")
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return CatalogSource(fileName: name, sha256: digest)
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
