import Catalog
import GRDB

extension CatalogDatabaseWriter {
    /// Inserts every record of `catalog` and the exercises of `stage`, parents before children,
    /// each table in the catalog's deterministic order. A constraint the schema enforces
    /// becomes an error naming the row.
    ///
    /// The lookup, contraindication and provenance rows go through GRDB's records. The groups
    /// and an exercise's rows, a dozen for each of a catalogue's thousands of exercises, are
    /// moved by the stage from its temporary tables with one statement per table.
    func insert(_ catalog: NormalisedCatalog, stage: ExerciseStage, into db: Database) throws {
        try insert(catalog.categories, db)
        try insert(catalog.items, db)
        try insert(catalog.muscles, db)
        try insert(catalog.movementPatterns, db)
        try insert(catalog.complexityLevels, db)
        try insert(catalog.selectionTiers, db)
        try stage.writeExercises(keys: catalog.keys) { record in
            try insert(record, db) { try $0.insert(db) }
        }
        try catalog.checkExceptionExercises(stage)
        try insert(catalog.joints, db)
        try insert(catalog.contraindications, db)
        try insert(catalog.exceptions, db)
        try insert([catalog.provenance], db)
        try insert(catalog.sources, db)
    }

    private func insert(_ records: [some CatalogRecord], _ db: Database) throws {
        for record in records {
            try insert(record, db) { try $0.insert(db) }
        }
    }

    /// Inserts `record` with `write`, turning a violated constraint into an error that names it.
    private func insert<Record: CatalogRecord>(
        _ record: Record, _ db: Database, with write: (Record) throws -> Void
    ) throws {
        do {
            try write(record)
        } catch let error as DatabaseError where error.message?.contains("exercises_display_name_key") == true {
            let name = (record as? ExerciseRecord)?.displayName ?? ""
            throw CatalogBuildError(
                .constraintViolation,
                "cannot write \(record.subject): another exercise already has the display name \"\(name)\" "
                    + "(display names are unique ignoring case)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw CatalogBuildError(
                .constraintViolation, "cannot write \(record.subject): \(error.message ?? "a constraint failed")")
        }
    }
}

/// The columns of an exercise's rows, in the order the stage selects them (`ExerciseStage`
/// moves them with SQL, and names a refused row through its record made from the same
/// columns). Each lists every column its record encodes; `ExerciseInsertTests` fails when a
/// record gains a column these do not write.
struct ExerciseStatements {
    static let exerciseColumns = [
        "id", "display_name", "canonical_group_id", "equipment_category_id", "equipment_item_id",
        "primary_muscle_id", "movement_pattern_id", "complexity_level", "selection_tier", "is_isolation",
        "include_in_programme", "video_url", "thumbnail_url",
    ]
    static let secondaryMuscleColumns = ["exercise_id", "position", "muscle_id"]
    static let instructionColumns = ["exercise_id", "step", "instruction"]

    static func values(of record: ExerciseRecord) -> [DatabaseValue] {
        [
            record.id.databaseValue, record.displayName.databaseValue, record.canonicalGroupId.databaseValue,
            record.equipmentCategoryId.databaseValue, record.equipmentItemId.databaseValue,
            record.primaryMuscleId.databaseValue, record.movementPatternId.databaseValue,
            record.complexityLevel.databaseValue, record.selectionTier.databaseValue,
            record.isIsolation.databaseValue, record.includeInProgramme.databaseValue,
            record.videoUrl.databaseValue, record.thumbnailUrl.databaseValue,
        ]
    }

    static func values(of record: ExerciseSecondaryMuscleRecord) -> [DatabaseValue] {
        [record.exerciseId.databaseValue, record.position.databaseValue, record.muscleId.databaseValue]
    }

    static func values(of record: ExerciseInstructionRecord) -> [DatabaseValue] {
        [record.exerciseId.databaseValue, record.step.databaseValue, record.instruction.databaseValue]
    }
}
