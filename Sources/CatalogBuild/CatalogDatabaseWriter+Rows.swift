import Catalog
import GRDB

extension CatalogDatabaseWriter {
    /// Inserts every record of `catalog`, parents before children, each table in the catalog's
    /// deterministic order. A constraint the schema enforces becomes an error naming the row.
    ///
    /// The lookup, group, contraindication and provenance rows go through GRDB's records. An
    /// exercise's rows, a dozen for each of a catalogue's thousands of exercises, go through
    /// three statements prepared once and bound column by column: the same values in the same
    /// tables, without a record encoded and an insert planned for each row.
    func insert(_ catalog: NormalisedCatalog, into db: Database) throws {
        try insert(catalog.categories, db)
        try insert(catalog.items, db)
        try insert(catalog.muscles, db)
        try insert(catalog.movementPatterns, db)
        try insert(catalog.complexityLevels, db)
        try insert(catalog.selectionTiers, db)
        try insert(catalog.groups, db)
        let statements = try ExerciseStatements(db)
        try catalog.forEachExercise { rows in
            try insert(rows.exercise, db) { try statements.insert($0) }
            for record in rows.secondaryMuscles { try insert(record, db) { try statements.insert($0) } }
            for record in rows.instructions { try insert(record, db) { try statements.insert($0) } }
        }
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

/// The inserts of an exercise's rows, prepared once per build. Each names every column its
/// record has, as GRDB's insert of the record does, so the rows written are the same.
private struct ExerciseStatements {
    let exercise: Statement
    let secondaryMuscle: Statement
    let instruction: Statement

    init(_ db: Database) throws {
        exercise = try db.makeStatement(sql: """
            INSERT INTO "exercises" ("id", "display_name", "canonical_group_id", "equipment_category_id", \
            "equipment_item_id", "primary_muscle_id", "movement_pattern_id", "complexity_level", "selection_tier", \
            "is_isolation", "include_in_programme", "video_url", "thumbnail_url") \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        secondaryMuscle = try db.makeStatement(sql: """
            INSERT INTO "exercise_secondary_muscles" ("exercise_id", "position", "muscle_id") VALUES (?, ?, ?)
            """)
        instruction = try db.makeStatement(sql: """
            INSERT INTO "exercise_instructions" ("exercise_id", "step", "instruction") VALUES (?, ?, ?)
            """)
    }

    func insert(_ record: ExerciseRecord) throws {
        try exercise.execute(arguments: [
            record.id, record.displayName, record.canonicalGroupId, record.equipmentCategoryId,
            record.equipmentItemId, record.primaryMuscleId, record.movementPatternId, record.complexityLevel,
            record.selectionTier, record.isIsolation, record.includeInProgramme, record.videoUrl,
            record.thumbnailUrl,
        ])
    }

    func insert(_ record: ExerciseSecondaryMuscleRecord) throws {
        try secondaryMuscle.execute(arguments: [record.exerciseId, record.position, record.muscleId])
    }

    func insert(_ record: ExerciseInstructionRecord) throws {
        try instruction.execute(arguments: [record.exerciseId, record.step, record.instruction])
    }
}
