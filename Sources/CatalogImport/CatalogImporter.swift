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
        /// The catalogue, when no problem is an error.
        public var content: CatalogContent?

        public var errorCount: Int { Problem.total(.error, in: problems) }
        public var warningCount: Int { Problem.total(.warning, in: problems) }
    }

    private let logger: Logger
    /// The most problems of one kind (severity, code, file, sheet, column) an import keeps; the
    /// others are counted in one problem standing for them. Nil keeps every one.
    let problemLimit: Int?

    public init(logger: Logger = Logger(label: "traindb.import"), problemLimit: Int? = nil) {
        self.logger = logger
        self.problemLimit = problemLimit
    }

    /// Imports `directory/train_exercise_database_prod.xlsx` and
    /// `directory/train_exercise_contraindications_prod.xlsx`.
    public func importCatalog(from directory: String) throws(ImportFailure) -> Result {
        let exerciseFile = Self.join(directory, WorkbookContract.exerciseWorkbook)
        let contraindicationFile = Self.join(directory, WorkbookContract.contraindicationWorkbook)
        var problems: [Problem] = []

        let exerciseSheets = ["exercises", "schema"] + WorkbookContract.lookupSheets.map(\.sheet)
        let exerciseTables = try readTables(exerciseFile, sheets: exerciseSheets, problems: &problems)
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
        let exerciseRows = check(
            ExerciseColumn.self, master: exerciseTables["exercises"], schema: exerciseTables["schema"],
            lookupTables: exerciseTables, problems: &problems
        ).map(ExerciseRow.init)
        let exercises = exerciseTables["exercises"].map {
            ExerciseRules(table: $0, lookups: lookups).check(exerciseRows)
        }
        problems += exercises?.problems ?? []

        let contraindicationTables = try readTables(
            contraindicationFile, sheets: ["contraindications", WorkbookContract.exceptionSheet, "schema"],
            problems: &problems)
        let contraindicationRows = check(
            ContraindicationColumn.self, master: contraindicationTables["contraindications"],
            schema: contraindicationTables["schema"], lookupTables: exerciseTables, problems: &problems
        ).map(ContraindicationRow.init)
        let exceptionRows = check(
            ExceptionColumn.self, master: contraindicationTables[WorkbookContract.exceptionSheet],
            schema: contraindicationTables["schema"], scope: WorkbookContract.exceptionSheet,
            lookupTables: exerciseTables, problems: &problems
        ).map(ExceptionRow.init)
        let spellings = JointSpellings(
            JointSpellings.uses(sheet: "contraindications", contraindicationRows.map { ($0.joint, $0.number, $0.jointColumn) })
                + JointSpellings.uses(
                    sheet: WorkbookContract.exceptionSheet, exceptionRows.map { ($0.joint, $0.number, $0.jointColumn) }))
        let contraindications = contraindicationTables["contraindications"].map {
            ContraindicationRules(table: $0).check(contraindicationRows, spellings: spellings)
        }
        problems += contraindications?.problems ?? []
        let exceptions = contraindicationTables[WorkbookContract.exceptionSheet].map {
            ExceptionRules(
                table: $0, exercises: exercises?.exercises ?? [],
                contraindications: contraindications?.contraindications ?? []
            ).check(exceptionRows, spellings: spellings)
        }
        problems += exceptions?.problems ?? []

        var result = Result(problems: Problem.capped(problems, limit: problemLimit), content: nil)
        logger.debug(
            "checked catalogue",
            metadata: [
                "exercises": "\(exerciseRows.count)", "errors": "\(result.errorCount)",
                "warnings": "\(result.warningCount)",
            ])
        guard result.errorCount == 0 else { return result }
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

    /// The two workbooks' paths in `directory`, exercises first.
    public static func workbookPaths(in directory: String) -> [String] {
        [join(directory, WorkbookContract.exerciseWorkbook), join(directory, WorkbookContract.contraindicationWorkbook)]
    }

    private static func source(_ file: String, name: String) throws(ImportFailure) -> CatalogSource {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ImportFailure(code: "file.unreadable", file: file, message: "cannot read the workbook")
        }
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return CatalogSource(fileName: name, sha256: digest)
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
