import Catalog
import Foundation
import GRDB
import SchemaMigrations
import TestSupport
import Testing

@Suite("Schema migrations")
struct SchemaMigrationTests {
    /// FNV-1a (64-bit) of each shipped file's text. A shipped migration is never edited: when
    /// this test fails, revert the edit and add a new migration instead. Only a new file's
    /// line may be added here.
    static let pinnedChecksums: [String: String] = [
        "0001_legacy_exercises": "9117909229055e3a",
        "0002_normalised_catalogue": "07b9264a569c5801",
        "0003_carry_legacy_exercises": "31cdc5bd8fa90035",
        "0004_selection_tier": "89b51911995c1ccc",
        "0005_exercise_exceptions": "d695b7887a37e2d1",
        "0006_exception_cues": "124e7d2ebe6fbbcd",
    ]

    static let schemaDirectory = PackageRoot.url("schema")

    @Test("a shipped migration's text never changes", arguments: CatalogSchema.migrations.map(\.identifier))
    func checksumIsPinned(identifier: String) throws {
        let migration = try #require(CatalogSchema.migrations.first { $0.identifier == identifier })
        #expect(Self.pinnedChecksums[identifier] == Checksum.fnv1a(migration.sql))
    }

    @Test("every pinned migration is still shipped")
    func pinnedMigrationsAreShipped() {
        #expect(Set(Self.pinnedChecksums.keys) == Set(CatalogSchema.migrations.map(\.identifier)))
    }

    @Test("every schema/*.sql file is registered, with the text on disk")
    func everyFileIsRegistered() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!onDisk.isEmpty)
        #expect(onDisk == CatalogSchema.migrations.map(\.fileName))
        for migration in CatalogSchema.migrations {
            let text = try String(
                contentsOf: Self.schemaDirectory.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(text == migration.sql, "\(migration.fileName) differs from its embedded copy; rebuild")
        }
    }

    @Test("the app-facing Catalog embeds the catalogue's files only, none of the user stores' or the server's")
    func catalogEmbedsItsOwnFilesOnly() throws {
        let linked = PackageRoot.url("Sources/Catalog/Migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: linked.path).sorted()
        #expect(names == CatalogSchema.migrations.map(\.fileName) + ["exercises.sql"])
        for name in names {
            let target = try FileManager.default.destinationOfSymbolicLink(
                atPath: linked.appendingPathComponent(name).path)
            #expect(
                target == "../../../schema/\(name)" || target == "../../../schema/queries/\(name)",
                "\(name) → \(target)")
        }
    }

    @Test("migrations are numbered 1, 2, 3 … in order")
    func numbersAreConsecutive() {
        #expect(CatalogSchema.migrations.map(\.number) == Array(1...CatalogSchema.migrations.count))
        #expect(CatalogSchema.latestVersion == CatalogSchema.migrations.count)
    }

    @Test(
        "the schema stays portable to PostgreSQL",
        arguments: ["AUTOINCREMENT", "WITHOUT ROWID", "STRICT", "PRAGMA", "COLLATE NOCASE", "INSERT OR",
                    "REAL", "BLOB", "BOOLEAN", "DATETIME", "VARCHAR"])
    func schemaAvoidsSQLiteOnlySyntax(token: String) {
        for migration in CatalogSchema.migrations {
            let code = migration.sql.split(separator: "\n")
                .map { $0.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
                .joined(separator: "\n").uppercased()
            let words = code.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.joined(separator: " ")
            #expect(!" \(words) ".contains(" \(token) "), "\(migration.fileName) uses \(token)")
        }
    }

    @Test("a fresh database migrates to the latest version, recording each migration")
    func freshDatabaseMigrates() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == CatalogSchema.latestVersion)
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    == CatalogSchema.migrations.map(\.identifier))
            #expect(try !db.tableExists("legacy_exercises"))
            for table in [
                "equipment_categories", "equipment_items", "muscles", "movement_patterns", "complexity_levels",
                "selection_tiers", "canonical_groups", "exercises", "exercise_secondary_muscles",
                "exercise_instructions", "joints",
                "contraindications", "catalogue_provenance", "catalogue_sources",
            ] {
                #expect(try db.tableExists(table), "missing table \(table)")
            }
        }
    }

    @Test("user_version follows each migration's number")
    func userVersionFollowsMigrations() throws {
        let queue = try DatabaseQueue()
        for version in 1...CatalogSchema.latestVersion {
            try CatalogSchema.migrator.migrate(queue, upTo: version)
            #expect(try queue.read(SchemaMigrator.currentVersion) == version)
        }
    }

    @Test("migrating backwards is refused, not a crash")
    func backwardsIsRefused() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue)
        let error = #expect(throws: SchemaMigrationError.self) { try CatalogSchema.migrator.migrate(queue, upTo: 1) }
        #expect(error?.code == "database.schema_version")
    }

    @Test("a database from a newer traindb is refused, not a crash")
    func newerDatabaseIsRefused() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let error = #expect(throws: SchemaMigrationError.self) { try CatalogSchema.migrator.migrate(queue) }
        #expect(error?.code == "database.schema_version")

        // user_version lowered by hand while the migration record says otherwise.
        try queue.write { db in try db.execute(sql: "PRAGMA user_version = 1") }
        let backwards = #expect(throws: SchemaMigrationError.self) {
            try CatalogSchema.migrator.migrate(queue, upTo: 2)
        }
        #expect(backwards?.code == "database.schema_version")
    }

    static let legacyRows = """
        INSERT INTO exercises (exercise_id, exercise_name, video_url, thumbnail_url, primary_muscles,
            secondary_muscles, equipment_needed, instructions, difficulty) VALUES
        ('ex_001', ' Barbell Bench Press ', 'https://cdn.example.com/bench.mp4', 'http://cdn.example.com/bench.jpg',
         '["Chest"]', '["Triceps", "Shoulders", "Chest"]', '["Barbell", "Bench"]',
         '["Lie on the bench.", "Unrack.", "Lower to the chest.", "Press.", "Rack the bar."]', 'intermediate'),
        ('ex_002', 'Push-up', NULL, NULL, '["Chest"]', '["Triceps"]', '[]',
         '["Plank position.", "Lower and push."]', 'beginner'),
        ('ex_003', 'Pull-up', NULL, NULL, '["Lats", "Biceps"]', '[]', '["Pull-up Bar"]', '[]', 'advanced')
        """

    @Test("an old-schema database upgrades with its rows carried across")
    func legacyRowsAreCarriedAcross() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("legacy.sqlite")
            try CatalogSchema.migrator.migrate(databaseAt: path, upTo: 1)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: Self.legacyRows) }
            try queue.close()

            try CatalogSchema.migrator.migrate(databaseAt: path)
            let database = try CatalogDatabase(path: path)
            let bench = try #require(try database.exercise(id: "ex_001"))
            #expect(bench.displayName == "Barbell Bench Press")
            #expect(bench.complexity == 2)
            #expect(bench.selectionTier == 2)
            #expect(bench.canonicalName == "Barbell Bench Press")
            #expect(bench.includeInProgramme == false)
            #expect(bench.primaryMuscle == "Chest")
            #expect(bench.secondaryMuscles == ["Triceps", "Shoulders"])
            #expect(bench.equipmentCategory == "Barbell")
            #expect(bench.equipmentItem == nil)
            #expect(bench.videoURL == "https://cdn.example.com/bench.mp4")
            #expect(bench.thumbnailURL == nil)
            #expect(
                bench.instructions == ["Lie on the bench.", "Unrack.", "Lower to the chest.", "Press. Rack the bar."])

            let pushUp = try #require(try database.exercise(id: "ex_002"))
            #expect(pushUp.complexity == 1)
            #expect(pushUp.equipmentCategory == "Bodyweight")

            let pullUp = try #require(try database.exercise(id: "ex_003"))
            #expect(pullUp.complexity == 3)
            #expect(pullUp.primaryMuscle == "Lats")
            #expect(pullUp.secondaryMuscles == ["Biceps"])
            #expect(pullUp.instructions.isEmpty)

            #expect(try database.exercises().map(\.id) == ["ex_001", "ex_003", "ex_002"])
            #expect(try database.provenance().toolVersion == nil)
            #expect(try database.provenance().schemaVersion == CatalogSchema.latestVersion)
        }
    }

    @Test("a database built before selection tiers upgrades with every exercise Standard (tier 2)")
    func versionThreeDatabaseGainsTiers() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue, upTo: 3)
        try queue.write { db throws in
            try db.execute(sql: """
                INSERT INTO canonical_groups (id, name) VALUES (1, 'Squat');
                INSERT INTO equipment_categories (id, name, slug, position) VALUES (1, 'Bodyweight', 'bodyweight', 1);
                INSERT INTO muscles (id, name, slug, body_region) VALUES (1, 'Quads', 'quads', 'lower');
                INSERT INTO movement_patterns (id, name, slug, description) VALUES (1, 'Squat', 'squat', '');
                INSERT INTO complexity_levels (level, label, description) VALUES (1, 'Beginner', '');
                INSERT INTO exercises (id, display_name, canonical_group_id, equipment_category_id,
                    primary_muscle_id, movement_pattern_id, complexity_level, is_isolation, include_in_programme)
                VALUES ('bodyweight_squat', 'Bodyweight Squat', 1, 1, 1, 1, 1, 0, 1);
                """)
        }
        try CatalogSchema.migrator.migrate(queue)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == CatalogSchema.latestVersion)
            #expect(try Int.fetchOne(db, sql: "SELECT selection_tier FROM exercises") == 2)
            #expect(try String.fetchAll(db, sql: "SELECT label FROM selection_tiers") == ["Standard"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
    }

    @Test("an empty database's selection tiers hold only what a build writes")
    func freshDatabaseHasNoTierRows() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM selection_tiers") } == 0)
    }

    @Test("a database made by the old app (no migration record) is adopted and upgraded")
    func oldAppDatabaseIsAdopted() throws {
        let queue = try DatabaseQueue()
        try queue.write { db throws in
            try db.execute(sql: """
                CREATE TABLE exercises (exercise_id TEXT PRIMARY KEY, exercise_name TEXT, video_url TEXT,
                    thumbnail_url TEXT, primary_muscles TEXT, secondary_muscles TEXT, equipment_needed TEXT,
                    instructions TEXT, difficulty TEXT)
                """)
            try db.execute(sql: Self.legacyRows)
        }
        try CatalogSchema.migrator.migrate(queue)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == CatalogSchema.latestVersion)
            #expect(
                try String.fetchAll(db, sql: "SELECT id FROM exercises ORDER BY id") == ["ex_001", "ex_002", "ex_003"])
            // Adopted by its migration step: GRDB recorded 0001 like every other migration.
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    == CatalogSchema.migrations.map(\.identifier))
        }
    }

    @Test("a failing migration rolls back alone: the earlier ones stay applied")
    func failingMigrationRollsBackAlone() throws {
        let queue = try DatabaseQueue()
        try CatalogSchema.migrator.migrate(queue, upTo: 1)
        try queue.write { db throws in
            // Same display name ignoring case: the normalised schema refuses it.
            try db.execute(sql: """
                INSERT INTO exercises (exercise_id, exercise_name, difficulty)
                VALUES ('a', 'Squat', 'beginner'), ('b', 'squat', 'advanced')
                """)
        }
        let error = #expect(throws: SchemaMigrationError.self) { try CatalogSchema.migrator.migrate(queue) }
        #expect(error?.code == "schema.migration_failed")
        #expect(error?.kind == .migrationFailed)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == 2)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM legacy_exercises") == 2)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM exercises") == 0)
        }
    }
}
