import GRDB

extension CatalogDatabase {
    /// The exercises that pass `filter`, by display name (ignoring case), each complete with
    /// its secondary muscles and instructions.
    public func exercises(matching filter: ExerciseFilter = ExerciseFilter()) throws -> [Exercise] {
        try read { db in try Self.fetch(ExerciseQuery(filter), db) }
    }

    /// The exercise with this id, or nil.
    public func exercise(id: String) throws -> Exercise? {
        try read { db in
            var query = ExerciseQuery()
            query.require("e.id = ?", [id])
            return try Self.fetch(query, db).first
        }
    }

    /// The alternatives to an exercise: the other members of its canonical group that the
    /// equipment allows (any equipment when nil), only those the programme generator may pick
    /// unless `programmeOnly` is false. Ordered by closest complexity, then display name, so a
    /// caller that sorts further (contraindicated last) with a stable sort keeps that order.
    ///
    /// Throws `query.unknown_exercise` when no exercise has the id.
    public func swaps(
        for exerciseID: String, equipment: EquipmentSelection? = nil, programmeOnly: Bool = true
    ) throws -> [Exercise] {
        try read { db in
            guard
                let base = try Row.fetchOne(
                    db, sql: "SELECT canonical_group_id, complexity_level FROM exercises WHERE id = ?",
                    arguments: [exerciseID])
            else {
                throw CatalogDatabaseError(.unknownExercise, "no exercise has the id \"\(exerciseID)\"", path: path)
            }
            let groupID = try base.decode(Int.self, forColumn: "canonical_group_id")
            let complexity = try base.decode(Int.self, forColumn: "complexity_level")
            var query = ExerciseQuery(ExerciseFilter(equipment: equipment, programmeOnly: programmeOnly))
            query.require("e.canonical_group_id = ? AND e.id <> ?", [groupID, exerciseID])
            query.order(
                by: "abs(e.complexity_level - ?), swiftLowercaseString(e.display_name), e.display_name, e.id",
                [complexity])
            return try Self.fetch(query, db)
        }
    }

    /// Runs `query`: the exercise rows, then their secondary muscles and instruction steps.
    static func fetch(_ query: ExerciseQuery, _ db: Database) throws -> [Exercise] {
        let from = query.fromClause
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT e.id, e.display_name, g.name AS canonical_name, c.name AS equipment_category,
                       i.name AS equipment_item, m.name AS primary_muscle, p.name AS movement_pattern,
                       e.complexity_level, e.selection_tier, e.is_isolation, e.include_in_programme,
                       e.video_url, e.thumbnail_url
                \(from)
                ORDER BY \(query.ordering)
                """,
            arguments: query.arguments + query.orderingArguments)
        guard !rows.isEmpty else { return [] }

        var secondaryMuscles: [String: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT sm.exercise_id, sm_muscle.name
                FROM exercise_secondary_muscles AS sm
                JOIN muscles AS sm_muscle ON sm_muscle.id = sm.muscle_id
                WHERE sm.exercise_id IN (SELECT e.id \(from))
                ORDER BY sm.exercise_id, sm.position
                """,
            arguments: query.arguments)
        {
            secondaryMuscles[try row.decode(forColumn: "exercise_id"), default: []]
                .append(try row.decode(forColumn: "name"))
        }

        var instructions: [String: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT s.exercise_id, s.instruction
                FROM exercise_instructions AS s
                WHERE s.exercise_id IN (SELECT e.id \(from))
                ORDER BY s.exercise_id, s.step
                """,
            arguments: query.arguments)
        {
            instructions[try row.decode(forColumn: "exercise_id"), default: []]
                .append(try row.decode(forColumn: "instruction"))
        }

        return try rows.map { row in
            let id = try row.decode(String.self, forColumn: "id")
            return Exercise(
                id: id,
                displayName: try row.decode(forColumn: "display_name"),
                canonicalName: try row.decode(forColumn: "canonical_name"),
                equipmentCategory: try row.decode(forColumn: "equipment_category"),
                equipmentItem: try row.decode(forColumn: "equipment_item"),
                primaryMuscle: try row.decode(forColumn: "primary_muscle"),
                secondaryMuscles: secondaryMuscles[id] ?? [],
                movementPattern: try row.decode(forColumn: "movement_pattern"),
                complexity: try row.decode(forColumn: "complexity_level"),
                selectionTier: try row.decode(forColumn: "selection_tier"),
                isIsolation: try row.decode(forColumn: "is_isolation"),
                includeInProgramme: try row.decode(forColumn: "include_in_programme"),
                instructions: instructions[id] ?? [],
                videoURL: try row.decode(forColumn: "video_url"),
                thumbnailURL: try row.decode(forColumn: "thumbnail_url"))
        }
    }
}
