import GRDB

extension CatalogDatabase {
    /// The exercises that pass `filter`, by display name (ignoring the case of ASCII letters),
    /// each complete with its secondary muscles and instructions.
    public func exercises(matching filter: ExerciseFilter = ExerciseFilter()) throws -> [Exercise] {
        try read { db in try Self.fetch(ExerciseQuery(filter), db) }
    }

    /// The exercise with this id, or nil.
    public func exercise(id: String) throws -> Exercise? {
        try read { db in try Self.fetch(ExerciseQuery(id: id), db).first }
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
            guard let base = try ExerciseRecord.fetchOne(db, key: exerciseID) else {
                throw CatalogDatabaseError(.unknownExercise, "no exercise has the id \"\(exerciseID)\"", path: path)
            }
            let filter = ExerciseFilter(equipment: equipment, programmeOnly: programmeOnly)
            return try Self.fetch(ExerciseQuery(swapsFor: base.id, filter), db)
        }
    }

    /// Runs `query`: the exercise rows, then their secondary muscles and instruction steps.
    static func fetch(_ query: ExerciseQuery, _ db: Database) throws -> [Exercise] {
        let selected = try query.request.fetchAll(db)
        guard !selected.isEmpty else { return [] }
        let ids = selected.map(\.id)
        let secondaryMuscles: SQLRequest<ExerciseText> = """
                SELECT sm.exercise_id, m.name AS text
                FROM exercise_secondary_muscles AS sm
                JOIN muscles AS m ON m.id = sm.muscle_id
                WHERE sm.exercise_id IN \(ids)
                ORDER BY sm.exercise_id, sm.position
                """
        let instructions: SQLRequest<ExerciseText> = """
                SELECT exercise_id, instruction AS text FROM exercise_instructions
                WHERE exercise_id IN \(ids)
                ORDER BY exercise_id, step
                """
        let musclesByID = try Self.textsByExercise(secondaryMuscles, db)
        let stepsByID = try Self.textsByExercise(instructions, db)
        return selected.map { row in
            row.exercise(secondaryMuscles: musclesByID[row.id] ?? [], instructions: stepsByID[row.id] ?? [])
        }
    }

    private static func textsByExercise(
        _ request: SQLRequest<ExerciseText>, _ db: Database
    ) throws -> [String: [String]] {
        Dictionary(grouping: try request.fetchAll(db), by: \.exerciseId).mapValues { $0.map(\.text) }
    }
}

/// One line of text that belongs to an exercise: a secondary muscle or an instruction step.
private struct ExerciseText: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var exerciseId: String
    var text: String
}
