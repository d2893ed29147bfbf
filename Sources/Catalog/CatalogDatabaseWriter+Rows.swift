import GRDB

extension CatalogDatabaseWriter {
    /// Inserts every row of `catalog`, parents before children, each table in the catalog's
    /// deterministic order. Each statement is compiled once (cached) and rebound per row. A constraint the schema enforces becomes an error naming the row.
    func insert(_ catalog: NormalisedCatalog, into db: Database) throws {
        for category in catalog.categories {
            try inserting("equipment category \"\(category.name)\"") {
                try db.cachedStatement(sql: "INSERT INTO equipment_categories (id, name, slug, position) VALUES (?, ?, ?, ?)").execute(arguments: [category.id, category.name, slug(category.name), category.position])
            }
        }
        for item in catalog.items {
            try inserting("equipment item \"\(item.name)\"") {
                try db.cachedStatement(sql: """
                        INSERT INTO equipment_items (id, category_id, name, slug, position)
                        VALUES (?, ?, ?, ?, ?)
                        """).execute(arguments: [item.id, item.categoryID, item.name, slug(item.name), item.position])
            }
        }
        for muscle in catalog.muscles {
            try inserting("muscle \"\(muscle.name)\"") {
                try db.cachedStatement(sql: "INSERT INTO muscles (id, name, slug, body_region) VALUES (?, ?, ?, ?)").execute(arguments: [muscle.id, muscle.name, slug(muscle.name), muscle.bodyRegion])
            }
        }
        for pattern in catalog.movementPatterns {
            try inserting("movement pattern \"\(pattern.name)\"") {
                try db.cachedStatement(sql: "INSERT INTO movement_patterns (id, name, slug, description) VALUES (?, ?, ?, ?)").execute(arguments: [pattern.id, pattern.name, slug(pattern.name), pattern.description])
            }
        }
        for level in catalog.complexityLevels {
            try inserting("complexity level \(level.level)") {
                try db.cachedStatement(sql: "INSERT INTO complexity_levels (level, label, description) VALUES (?, ?, ?)").execute(arguments: [level.level, level.label, level.description])
            }
        }
        for tier in catalog.selectionTiers {
            try inserting("selection tier \(tier.tier)") {
                try db.cachedStatement(sql: "INSERT INTO selection_tiers (tier, label, description) VALUES (?, ?, ?)")
                    .execute(arguments: [tier.tier, tier.label, tier.description])
            }
        }
        for group in catalog.groups {
            try inserting("canonical group \"\(group.name)\"") {
                try db.cachedStatement(sql: "INSERT INTO canonical_groups (id, name) VALUES (?, ?)").execute(arguments: [group.id, group.name])
            }
        }
        for row in catalog.exercises {
            try inserting("exercise \"\(row.exercise.id)\"") {
                do {
                    try insert(row, into: db)
                } catch let error as DatabaseError where error.message?.contains("exercises_display_name_key") == true {
                    throw CatalogDatabaseError(
                        .constraintViolation,
                        "cannot write exercise \"\(row.exercise.id)\": another exercise already has the "
                            + "display name \"\(row.exercise.displayName)\" (display names are unique ignoring case)")
                }
            }
        }
        for joint in catalog.joints {
            try inserting("joint \"\(joint.name)\"") {
                try db.cachedStatement(sql: "INSERT INTO joints (id, name, slug) VALUES (?, ?, ?)").execute(arguments: [joint.id, joint.name, slug(joint.name)])
            }
        }
        for contraindication in catalog.contraindications {
            try inserting("a contraindication") {
                try db.cachedStatement(sql: "INSERT INTO contraindications (canonical_group_id, joint_id, notes) VALUES (?, ?, ?)").execute(arguments: [contraindication.groupID, contraindication.jointID, contraindication.notes])
            }
        }
        try inserting("the provenance") {
            try db.cachedStatement(sql: "INSERT INTO catalogue_provenance (id, tool_version, schema_version) VALUES (1, ?, ?)").execute(arguments: [TrainDBVersion.current, SchemaMigration.latestVersion])
        }
        for source in catalog.sources {
            try inserting("source \"\(source.fileName)\"") {
                try db.cachedStatement(sql: "INSERT INTO catalogue_sources (file_name, sha256) VALUES (?, ?)").execute(arguments: [source.fileName, source.sha256])
            }
        }
    }

    private func insert(_ row: NormalisedCatalog.ExerciseRow, into db: Database) throws {
        let exercise = row.exercise
        try db.cachedStatement(sql: """
                INSERT INTO exercises (
                    id, display_name, canonical_group_id, equipment_category_id, equipment_item_id,
                    primary_muscle_id, movement_pattern_id, complexity_level, is_isolation,
                    include_in_programme, video_url, thumbnail_url, selection_tier)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [
                exercise.id, exercise.displayName, row.groupID, row.categoryID, row.itemID,
                row.primaryMuscleID, row.movementPatternID, exercise.complexity,
                exercise.isIsolation ? 1 : 0, exercise.includeInProgramme ? 1 : 0,
                exercise.videoURL, exercise.thumbnailURL, exercise.selectionTier,
            ])
        for (offset, muscleID) in row.secondaryMuscleIDs.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO exercise_secondary_muscles (exercise_id, position, muscle_id) VALUES (?, ?, ?)").execute(arguments: [exercise.id, offset + 1, muscleID])
        }
        for (offset, instruction) in exercise.instructions.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO exercise_instructions (exercise_id, step, instruction) VALUES (?, ?, ?)").execute(arguments: [exercise.id, offset + 1, instruction])
        }
    }

    /// Runs `body`, turning a violated constraint into an error that names `subject`.
    private func inserting(_ subject: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw CatalogDatabaseError(
                .constraintViolation,
                "cannot write \(subject): \(error.message ?? "a constraint failed")")
        }
    }
}
