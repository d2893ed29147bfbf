import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    /// The app's query, `schema/queries/exercises.sql`, run on SQLite (as the app runs it, through
    /// `CatalogDatabase`) and on the published catalogue on PostgreSQL: the same exercises, in the
    /// same order, for every filter the app uses.
    @Suite("query parity: SQLite and PostgreSQL answer alike")
    struct QueryParityTests {
        /// A question the app asks, the same way on both engines.
        struct Question: Sendable {
            var name: String
            var query: ExerciseQuery
            var onSQLite: @Sendable (CatalogDatabase) throws -> [Exercise]

            static func filter(_ name: String, _ filter: ExerciseFilter) -> Question {
                Question(name: name, query: ExerciseQuery(filter), onSQLite: { try $0.exercises(matching: filter) })
            }

            static func swaps(_ id: String, _ equipment: EquipmentSelection?, programmeOnly: Bool) -> Question {
                let filter = ExerciseFilter(equipment: equipment, programmeOnly: programmeOnly)
                return Question(
                    name: "swaps for \(id)", query: ExerciseQuery(swapsFor: id, filter),
                    onSQLite: { try $0.swaps(for: id, equipment: equipment, programmeOnly: programmeOnly) })
            }

            static func exercise(_ id: String) -> Question {
                Question(
                    name: "exercise \(id)", query: ExerciseQuery(id: id),
                    onSQLite: { try [$0.exercise(id: id)].compactMap { $0 } })
            }
        }

        static let dumbbells = EquipmentSelection(entries: ["dumbbells"])
        static let homeGym = EquipmentSelection(
            equipmentAvailable: ["barbells", "dumbbells", "pin_loaded_machines"],
            detailedEquipment: ["barbells": ["squat_rack", "flat_bench"], "pin_loaded_machines": ["lat_pulldown"]])

        static let questions: [Question] = [
            .filter("the whole library", ExerciseFilter()),
            .filter("dumbbells", ExerciseFilter(equipment: dumbbells)),
            .filter("no equipment at all", ExerciseFilter(equipment: EquipmentSelection())),
            .filter(
                "a squat rack under barbells",
                ExerciseFilter(equipment: EquipmentSelection(entries: ["barbells:squat_rack"]))),
            .filter("a home gym, items ticked", ExerciseFilter(equipment: homeGym)),
            .filter(
                "Pin-loaded Machines by name",
                ExerciseFilter(equipment: EquipmentSelection(entries: ["Pin-loaded Machines"]))),
            .filter("chest", ExerciseFilter(muscle: "chest")),
            .filter("Glutes by name", ExerciseFilter(muscle: "Glutes")),
            .filter("Horizontal Push by name", ExerciseFilter(movementPattern: "Horizontal Push")),
            .filter("hinge pattern", ExerciseFilter(movementPattern: "hinge")),
            .filter("complexity up to 1", ExerciseFilter(maxComplexity: 1)),
            .filter("staples", ExerciseFilter(selectionTier: 1)),
            .filter("isolation", ExerciseFilter(isIsolation: true)),
            .filter("compounds", ExerciseFilter(isIsolation: false)),
            .filter("programme only", ExerciseFilter(programmeOnly: true)),
            .filter("search 'press'", ExerciseFilter(searchText: "press")),
            .filter("search 'PUSH-UP' ignores case", ExerciseFilter(searchText: "  PUSH-UP ")),
            .filter("search '%' is a character, not a wildcard", ExerciseFilter(searchText: "%")),
            .filter("search '_' is a character, not a wildcard", ExerciseFilter(searchText: "_")),
            .filter(
                "dumbbell chest compounds for a beginner's programme",
                ExerciseFilter(
                    equipment: dumbbells, muscle: "chest", maxComplexity: 2, isIsolation: false, programmeOnly: true)),
            .swaps("barbell_bench_press", dumbbells, programmeOnly: true),
            .swaps("bodyweight_squat", nil, programmeOnly: false),
            .swaps("barbell_back_squat", homeGym, programmeOnly: true),
            .exercise("push_up"),
            .exercise("no_such_exercise"),
        ]

        /// Questions whose answer is empty on the committed catalogue: every other one must find
        /// something, or the comparison would prove little.
        static let emptyOnPurpose: Set = [
            "search '%' is a character, not a wildcard", "search '_' is a character, not a wildcard",
            "exercise no_such_exercise",
        ]

        /// One published catalogue answers every question (a database and a publish per question
        /// would cost seconds each).
        @Test("the same exercises in the same order, for every question the app asks")
        func sameAnswers() async throws {
            try await PostgresTestServer.withDatabase { server in
                let catalogue = try CatalogDatabase(path: try CatalogueFiles.committed())
                _ = try await CataloguePublisher().publish(catalogue, to: server)
                try await server.withTestConnection {
                    connection in
                    for question in Self.questions {
                        let local = try question.onSQLite(catalogue)
                        let remote = try await ServerCatalogue.exercises(
                            question.query, on: connection, logger: PostgresTestServer.logger)
                        let expectEmpty = Self.emptyOnPurpose.contains(question.name)
                        #expect(local.isEmpty == expectEmpty, "\(question.name): \(local.count) exercises")
                        #expect(remote.map(\.id) == local.map(\.id), "\(question.name)")
                        #expect(remote == local, "\(question.name)")
                    }
                }
            }
        }
    }
}
