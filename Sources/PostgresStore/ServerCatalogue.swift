import Catalog
import Logging
import PostgresNIO

/// The catalogue a server holds, read with the app's own query (`schema/queries/exercises.sql`).
public enum ServerCatalogue {
    /// The exercises `query` selects on the server, each complete with its secondary muscles
    /// and instruction steps, in the query's order.
    package static func exercises(
        _ query: ExerciseQuery = ExerciseQuery(), on connection: PostgresConnection, logger: Logger
    ) async throws -> [Exercise] {
        var selected: [ExerciseQuery.Selected] = []
        let rows = try await connection.query(postgresQuery(query), logger: logger)
        for try await columns in rows.decode(
            (String, String, String, String, String?, String, String, Int, Int, Bool, Bool, String?, String?).self)
        {
            selected.append(ExerciseQuery.Selected(columns))
        }
        let muscles = try await texts(
            """
            SELECT sm.exercise_id, m.name FROM exercise_secondary_muscles AS sm
            JOIN muscles AS m ON m.id = sm.muscle_id ORDER BY sm.exercise_id, sm.position
            """, connection, logger)
        let steps = try await texts(
            "SELECT exercise_id, instruction FROM exercise_instructions ORDER BY exercise_id, step",
            connection, logger)
        return selected.map { $0.exercise(secondaryMuscles: muscles[$0.id] ?? [], instructions: steps[$0.id] ?? []) }
    }

    /// The contraindications on the server, as `CatalogDatabase.contraindications()` reads them.
    package static func contraindications(
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [Contraindication] {
        let rows = try await connection.query(
            """
            SELECT g.name, j.name, ci.notes FROM contraindications AS ci
            JOIN canonical_groups AS g ON g.id = ci.canonical_group_id
            JOIN joints AS j ON j.id = ci.joint_id
            ORDER BY g.name, j.name
            """, logger: logger)
        var contraindications: [Contraindication] = []
        for try await (group, joint, notes) in rows.decode((String, String, String).self) {
            contraindications.append(Contraindication(canonicalName: group, joint: joint, notes: notes))
        }
        return contraindications
    }

    /// The exercise exceptions on the server, as `CatalogDatabase.exerciseExceptions()` reads
    /// them.
    package static func exceptions(
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [ExerciseException] {
        let rows = try await connection.query(
            """
            SELECT x.exercise_id, j.name, x.level, x.cue, x.notes FROM exercise_exceptions AS x
            JOIN joints AS j ON j.id = x.joint_id
            ORDER BY x.exercise_id, j.name
            """, logger: logger)
        var exceptions: [ExerciseException] = []
        for try await (exercise, joint, level, cue, notes) in rows.decode(
            (String, String, String, String?, String).self)
        {
            guard let level = ExerciseException.Level(rawValue: level) else { continue }
            exceptions.append(
                ExerciseException(exerciseId: exercise, joint: joint, level: level, cue: cue, notes: notes))
        }
        return exceptions
    }

    /// The equipment categories and their items on the server, in the questionnaire's order, as
    /// `CatalogDatabase.equipmentCategories()` reads them.
    package static func equipmentCategories(
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [EquipmentCategory] {
        var items: [Int: [EquipmentCategory.Item]] = [:]
        let itemRows = try await connection.query(
            "SELECT category_id, name, slug FROM equipment_items ORDER BY category_id, position", logger: logger)
        for try await (category, name, slug) in itemRows.decode((Int, String, String).self) {
            items[category, default: []].append(EquipmentCategory.Item(name: name, slug: slug))
        }
        var categories: [EquipmentCategory] = []
        let rows = try await connection.query(
            "SELECT id, name, slug FROM equipment_categories ORDER BY position", logger: logger)
        for try await (id, name, slug) in rows.decode((Int, String, String).self) {
            categories.append(EquipmentCategory(name: name, slug: slug, items: items[id] ?? []))
        }
        return categories
    }

    /// The muscles on the server with their body regions, by name, as `CatalogDatabase.muscles()`
    /// reads them.
    package static func muscles(on connection: PostgresConnection, logger: Logger) async throws -> [Muscle] {
        var muscles: [Muscle] = []
        let rows = try await connection.query(
            "SELECT name, slug, body_region FROM muscles ORDER BY name", logger: logger)
        for try await (name, slug, region) in rows.decode((String, String, String?).self) {
            muscles.append(Muscle(name: name, slug: slug, bodyRegion: region))
        }
        return muscles
    }

    /// The query's text with its arguments as PostgreSQL bindings, each NULL typed.
    package static func postgresQuery(_ query: ExerciseQuery) -> PostgresQuery {
        var bindings = PostgresBindings()
        for argument in query.arguments {
            switch argument {
            case .text(let text?): bindings.append(text)
            case .integer(let number?): bindings.append(number)
            case .boolean(let flag?): bindings.append(flag)
            case .text(nil): bindings.append(PostgresData(type: .text))
            case .integer(nil): bindings.append(PostgresData(type: .int8))
            case .boolean(nil): bindings.append(PostgresData(type: .bool))
            }
        }
        return PostgresQuery(unsafeSQL: ExerciseQuery.sql, binds: bindings)
    }

    private static func texts(
        _ query: PostgresQuery, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> [String: [String]] {
        var byExercise: [String: [String]] = [:]
        for try await (id, text) in try await connection.query(query, logger: logger).decode((String, String).self) {
            byExercise[id, default: []].append(text)
        }
        return byExercise
    }
}
