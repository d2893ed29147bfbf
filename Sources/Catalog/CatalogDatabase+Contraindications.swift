import GRDB

extension CatalogDatabase {
    /// The joints of the contraindications workbook, by name: the answers of the
    /// questionnaire's injury question.
    public func joints() throws -> [Joint] {
        try read { db in
            try JointRecord.order(JointRecord.Columns.name).fetchAll(db).map { Joint(name: $0.name, slug: $0.slug) }
        }
    }

    /// Every contraindication, by canonical group then joint.
    public func contraindications() throws -> [Contraindication] {
        try read { db in try Self.fetchContraindications(where: nil, db) }
    }

    /// The joints a canonical group may aggravate, by joint.
    public func contraindications(forCanonicalName canonicalName: String) throws -> [Contraindication] {
        try read { db in try Self.fetchContraindications(where: "g.name = \(canonicalName)", db) }
    }

    /// The canonical groups that may aggravate these joints (names or slugs), by canonical
    /// group then joint: what a questionnaire's injuries rule out or flag.
    public func contraindications(forJoints joints: [String]) throws -> [Contraindication] {
        let slugs = Array(Set(joints.map(\.slug))).sorted()
        guard !slugs.isEmpty else { return [] }
        return try read { db in try Self.fetchContraindications(where: "j.slug IN \(slugs)", db) }
    }

    private static func fetchContraindications(where condition: SQL?, _ db: Database) throws -> [Contraindication] {
        let filter: SQL = condition.map { "WHERE \($0)" } ?? ""
        let request: SQLRequest<ContraindicationRow> = """
            SELECT g.name AS canonical_name, j.name AS joint, ci.notes
            FROM contraindications AS ci
            JOIN canonical_groups AS g ON g.id = ci.canonical_group_id
            JOIN joints AS j ON j.id = ci.joint_id
            \(filter)
            ORDER BY g.name, j.name
            """
        return try request.fetchAll(db).map {
            Contraindication(canonicalName: $0.canonicalName, joint: $0.joint, notes: $0.notes)
        }
    }
}

/// A contraindication as the query selects it.
private struct ContraindicationRow: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var canonicalName: String
    var joint: String
    var notes: String
}

extension CatalogDatabase {
    /// Every exercise exception, by exercise then joint. A database of schema 4 or older has
    /// none.
    public func exerciseExceptions() throws -> [ExerciseException] {
        try read { db in
            guard try db.tableExists(ExerciseExceptionRecord.databaseTableName) else { return [] }
            // Schema 5 has no cue: its exceptions are `safe` or `contraindicated`.
            let hasCue = try db.columns(in: ExerciseExceptionRecord.databaseTableName).contains { $0.name == "cue" }
            let cueColumn: SQL = hasCue ? "x.cue" : "NULL"
            let request: SQLRequest<ExceptionRow> = """
                SELECT x.exercise_id, j.name AS joint, x.level, \(cueColumn) AS cue, x.notes
                FROM exercise_exceptions AS x
                JOIN joints AS j ON j.id = x.joint_id
                ORDER BY x.exercise_id, j.name
                """
            return try request.fetchAll(db).map {
                ExerciseException(
                    exerciseId: $0.exerciseId, joint: $0.joint,
                    level: ExerciseException.Level(rawValue: $0.level) ?? .safe,
                    cue: $0.cue, notes: $0.notes)
            }
        }
    }

    /// The joints an exercise may aggravate, by name: its group's contraindications with its
    /// own exceptions applied (business rules §4), less those it is allowed for with a cue. Nil
    /// for an unknown id.
    public func contraindicatedJoints(forExercise exerciseID: String) throws -> [String]? {
        try jointRisks(forExercise: exerciseID)?.filter { !$0.isModified }.map(\.joint)
    }

    /// The joints an exercise may load: the contraindicated ones and those it is allowed for
    /// only with a cue (`modified`), in the order of `ExerciseException.risks`. Nil for an
    /// unknown id.
    public func jointRisks(forExercise exerciseID: String) throws -> [JointRisk]? {
        guard let exercise = try exercise(id: exerciseID) else { return nil }
        return ExerciseException.risks(
            of: [exercise], contraindications: try contraindications(forCanonicalName: exercise.canonicalName),
            exceptions: try exerciseExceptions()
        )[exerciseID]
    }
}

/// An exception as the query selects it.
private struct ExceptionRow: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var exerciseId: String
    var joint: String
    var level: String
    var cue: String?
    var notes: String
}
