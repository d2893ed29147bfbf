import Catalog
import CatalogBuild
import Foundation
import GRDB
import TestSupport
import Testing

@Suite("Writing the catalogue database")
struct CatalogDatabaseWriterTests {
    @Test("the same content gives a byte-identical file, whatever the input order")
    func buildsAreDeterministic() throws {
        try TemporaryDirectory.with { directory throws in
            let first = directory.path("first.sqlite")
            let second = directory.path("second.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: first)
            var shuffled = SampleCatalog.content
            shuffled.exercises.reverse()
            shuffled.contraindications.reverse()
            shuffled.sources.reverse()
            try CatalogDatabaseWriter().write(shuffled, to: second)
            let firstBytes = try Data(contentsOf: URL(fileURLWithPath: first))
            #expect(!firstBytes.isEmpty)
            #expect(firstBytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
        }
    }

    @Test("a build leaves only the database: no temporary file, no journal")
    func buildLeavesOnlyTheDatabase() throws {
        try TemporaryDirectory.with { directory throws in
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: directory.path("exercises.sqlite"))
            #expect(try directory.fileNames() == ["exercises.sqlite"])
        }
    }

    @Test("the file passes SQLite's full integrity check, which the build leaves to quick_check")
    func fullIntegrityCheckHolds() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            let (report, violations, freePages) = try queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                 try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
                 try Int.fetchOne(db, sql: "PRAGMA freelist_count"))
            }
            #expect(report == ["ok"])
            #expect(violations == 0)
            #expect(freePages == 0, "vacuumed: no free page")
        }
    }

    @Test("the directory is created when missing")
    func createsMissingDirectory() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("build/nested/exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            #expect(try CatalogDatabase(path: path).exercises().count == SampleCatalog.exercises.count)
        }
    }

    @Test("a rebuild replaces the previous database")
    func rebuildReplaces() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            var smaller = SampleCatalog.content
            smaller.exercises.removeAll { $0.id == "bw_plank" }
            try CatalogDatabaseWriter().write(smaller, to: path)
            let database = try CatalogDatabase(path: path)
            #expect(try database.exercise(id: "bw_plank") == nil)
            #expect(try database.exercises().count == SampleCatalog.exercises.count - 1)
        }
    }

    @Test("the database is in rollback-journal mode")
    func journalModeIsDelete() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "delete")
        }
    }

    @Test("only the lookup values the exercises use are kept")
    func unusedLookupValuesAreDropped() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            try queue.read { db throws in
                let muscles = try String.fetchAll(db, sql: "SELECT name FROM muscles ORDER BY id")
                #expect(muscles == ["Chest", "Lats", "Biceps", "Triceps", "Quads", "Glutes", "Hamstrings", "Abs"])
                let patterns = try String.fetchAll(db, sql: "SELECT name FROM movement_patterns ORDER BY id")
                #expect(!patterns.contains("Lunge"))
                #expect(patterns.count == 6)
                #expect(try Int.fetchAll(db, sql: "SELECT level FROM complexity_levels ORDER BY level") == [1, 2, 3])
                let items = try String.fetchAll(db, sql: "SELECT name FROM equipment_items ORDER BY id")
                #expect(items == ["Squat Rack", "Flat Bench", "Pull-up Bar", "Leg Press", "Leg Extension", "Leg Press"])
                #expect(
                    try String.fetchAll(db, sql: "SELECT slug FROM equipment_categories ORDER BY position")
                        == ["barbells", "dumbbells", "bodyweight", "pin_loaded_machines", "plate_loaded_machines"])
            }
        }
    }

    /// Content that must not become a database, and the error code it gives.
    struct RejectedContent: Sendable, CustomTestStringConvertible {
        var situation: String
        var content: CatalogContent
        var code: String
        var testDescription: String { situation }

        init(_ situation: String, _ content: CatalogContent, _ code: String) {
            self.situation = situation
            self.content = content
            self.code = code
        }
    }

    static let rejectedContent: [RejectedContent] = [
        RejectedContent(
            "a muscle missing from the lookup",
            SampleCatalog.content(with: Exercise(
                id: "bw_dip", displayName: "Dip", canonicalName: "Dip", equipmentCategory: "Bodyweight",
                primaryMuscle: "Pecs", movementPattern: "Horizontal Push", complexity: 2,
                isIsolation: false, includeInProgramme: true, instructions: ["Up.", "Down."])),
            "write.unknown_lookup_value"
        ),
        RejectedContent(
            "an item not listed under the exercise's category",
            SampleCatalog.content(with: Exercise(
                id: "bb_incline", displayName: "Incline Press", canonicalName: "Bench Press",
                equipmentCategory: "Dumbbells", equipmentItem: "Squat Rack", primaryMuscle: "Chest",
                movementPattern: "Horizontal Push", complexity: 2, isIsolation: false, includeInProgramme: true)),
            "write.unknown_lookup_value"
        ),
        RejectedContent(
            "a contraindication for a canonical group no exercise has",
            {
                var content = SampleCatalog.content
                content.contraindications.append(Contraindication(canonicalName: "Deadlift", joint: "Knee", notes: ""))
                return content
            }(),
            "write.unknown_lookup_value"
        ),
        RejectedContent(
            "an http video URL",
            SampleCatalog.content(with: Exercise(
                id: "bw_plank", displayName: "Plank", canonicalName: "Plank", equipmentCategory: "Bodyweight",
                primaryMuscle: "Abs", movementPattern: "Core", complexity: 1, isIsolation: true,
                includeInProgramme: true, videoURL: "http://videos.example.com/plank.mp4")),
            "write.constraint_violation"
        ),
        RejectedContent(
            "five instruction steps",
            SampleCatalog.content(with: Exercise(
                id: "bw_plank", displayName: "Plank", canonicalName: "Plank", equipmentCategory: "Bodyweight",
                primaryMuscle: "Abs", movementPattern: "Core", complexity: 1, isIsolation: true,
                includeInProgramme: true, instructions: ["1", "2", "3", "4", "5"])),
            "write.constraint_violation"
        ),
        RejectedContent(
            "a display name differing from another only in case",
            SampleCatalog.content(with: Exercise(
                id: "bw_plank_2", displayName: "PLANK", canonicalName: "Plank", equipmentCategory: "Bodyweight",
                primaryMuscle: "Abs", movementPattern: "Core", complexity: 1, isIsolation: true,
                includeInProgramme: true)),
            "write.constraint_violation"
        ),
        RejectedContent(
            "a complexity level outside 1-4",
            {
                var content = SampleCatalog.content(with: Exercise(
                    id: "bw_plank", displayName: "Plank", canonicalName: "Plank", equipmentCategory: "Bodyweight",
                    primaryMuscle: "Abs", movementPattern: "Core", complexity: 5, isIsolation: true,
                    includeInProgramme: true))
                content.complexityLevels.append(.init(level: 5, label: "Elite", description: ""))
                return content
            }(),
            "write.constraint_violation"
        ),
        RejectedContent(
            "a body region outside upper/lower/core",
            {
                var content = SampleCatalog.content
                content.muscles[0].bodyRegion = "torso"
                return content
            }(),
            "write.constraint_violation"
        ),
        // Swift takes the two spellings as one name, so the lookup resolves; SQLite joins the
        // staged rows to their keys byte for byte, and a row that joins to none is refused, not lost.
        RejectedContent(
            "a primary muscle spelt with other bytes than its lookup row (canonically equivalent)",
            {
                var content = SampleCatalog.content(with: Exercise(
                    id: "bw_serratus_punch", displayName: "Serratus Punch", canonicalName: "Serratus Punch",
                    equipmentCategory: "Bodyweight", primaryMuscle: "Serratus Ante\u{301}rieur",
                    movementPattern: "Horizontal Push", complexity: 1, isIsolation: true, includeInProgramme: false))
                content.muscles.append(.init(name: "Serratus Ant\u{E9}rieur", bodyRegion: "upper"))
                return content
            }(),
            "write.unknown_lookup_value"
        ),
        RejectedContent(
            "a secondary muscle spelt with other bytes than its lookup row (canonically equivalent)",
            {
                var content = SampleCatalog.content(with: Exercise(
                    id: "bw_serratus_punch", displayName: "Serratus Punch", canonicalName: "Serratus Punch",
                    equipmentCategory: "Bodyweight", primaryMuscle: "Chest",
                    secondaryMuscles: ["Serratus Ante\u{301}rieur"], movementPattern: "Horizontal Push",
                    complexity: 1, isIsolation: true, includeInProgramme: false))
                content.muscles.append(.init(name: "Serratus Ant\u{E9}rieur", bodyRegion: "upper"))
                return content
            }(),
            "write.unknown_lookup_value"
        ),
        RejectedContent(
            "the same exercise id twice",
            {
                var content = SampleCatalog.content
                content.exercises.append(SampleCatalog.exercises[0])
                return content
            }(),
            "write.duplicate_exercise"
        ),
    ]

    @Test("a failing build leaves the existing database byte-identical and no temporary file",
          arguments: rejectedContent)
    func failedBuildLeavesTargetUntouched(_ rejected: RejectedContent) throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            let error = #expect(throws: CatalogBuildError.self) {
                try CatalogDatabaseWriter().write(rejected.content, to: path)
            }
            #expect(error?.code == rejected.code, "\(error?.message ?? "")")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try directory.fileNames() == ["exercises.sqlite"])
        }
    }

    @Test("a failing first build creates no file at all")
    func failedFirstBuildCreatesNothing() throws {
        try TemporaryDirectory.with { directory throws in
            let rejected = try #require(Self.rejectedContent.last { $0.code == "write.constraint_violation" })
            #expect(throws: CatalogBuildError.self) {
                try CatalogDatabaseWriter().write(rejected.content, to: directory.path("exercises.sqlite"))
            }
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test("every unknown lookup value is reported, not only the first")
    func reportsEveryUnknownValue() throws {
        var content = SampleCatalog.content
        content.exercises[0].primaryMuscle = "Quadz"
        content.exercises[1].movementPattern = "Pushing"
        let error = try #require(throws: CatalogBuildError.self) {
            try TemporaryDirectory.with { directory throws in
                try CatalogDatabaseWriter().write(content, to: directory.path("exercises.sqlite"))
            }
        }
        #expect(error.message.contains("\"Quadz\""))
        #expect(error.message.contains("\"Pushing\""))
        #expect(error.message.contains("bb_back_squat"))
    }

    @Test("the display-name clash names the exercise and the name")
    func displayNameClashMessage() throws {
        let content = SampleCatalog.content(with: Exercise(
            id: "zz_push_up", displayName: "push-UP", canonicalName: "Bench Press", equipmentCategory: "Bodyweight",
            primaryMuscle: "Chest", movementPattern: "Horizontal Push", complexity: 1, isIsolation: false,
            includeInProgramme: true))
        let error = try #require(throws: CatalogBuildError.self) {
            try TemporaryDirectory.with { directory throws in
                try CatalogDatabaseWriter().write(content, to: directory.path("exercises.sqlite"))
            }
        }
        #expect(error.message.contains("zz_push_up"))
        #expect(error.message.contains("\"push-UP\""))
    }

    @Test("of three exercises sharing a display name, the clash names the second by id, whatever the sheet order")
    func displayNameClashNamesTheSecondByID() throws {
        func pushUp(_ id: String, _ name: String) -> Exercise {
            Exercise(
                id: id, displayName: name, canonicalName: "Bench Press", equipmentCategory: "Bodyweight",
                primaryMuscle: "Chest", movementPattern: "Horizontal Push", complexity: 1, isIsolation: false,
                includeInProgramme: true)
        }
        var content = SampleCatalog.content
        // After the sample's "Push-up" (bw_push_up): "push-UP" is the first refused by id order,
        // although the sheet gives "PUSH-up" before it.
        content.exercises.append(pushUp("zz_push_up", "PUSH-up"))
        content.exercises.append(pushUp("bx_push_up", "push-UP"))
        let error = try #require(throws: CatalogBuildError.self) {
            try TemporaryDirectory.with { directory throws in
                try CatalogDatabaseWriter().write(content, to: directory.path("exercises.sqlite"))
            }
        }
        #expect(error.kind == .constraintViolation)
        #expect(error.message.contains("exercise \"bx_push_up\""))
        #expect(error.message.contains("\"push-UP\""))
        #expect(!error.message.contains("zz_push_up"))
    }

    @Test("a target that is not a regular file is refused before anything is written")
    func unreplaceableTargetFails() throws {
        try TemporaryDirectory.with { directory throws in
            // A non-empty directory where the file should go.
            let path = directory.path("exercises.sqlite")
            try FileManager.default.createDirectory(atPath: path + "/occupied", withIntermediateDirectories: true)
            let error = #expect(throws: CatalogBuildError.self) {
                try CatalogDatabaseWriter().write(SampleCatalog.content, to: path)
            }
            #expect(error?.code == "write.target_not_a_file")
            #expect(error?.message == "a directory, not a database file; nothing was written")
            #expect(try directory.fileNames() == ["exercises.sqlite"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["occupied"])
        }
    }
}
