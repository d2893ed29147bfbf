import Foundation
import GRDB
import SchemaMigrations
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

@Suite("training log schema")
struct TrainingLogSchemaTests {
    /// FNV-1a (64-bit) of each shipped file's text. A shipped migration is never edited: when
    /// this test fails, revert the edit and add a new migration instead.
    static let pinnedChecksums: [String: String] = [
        "0001_training_log": "643447772d347df6",
        "0002_exercise_logs_by_workout": "ebe23f0062f1c3c7",
        "0003_profiles": "cf93ba6830d1c361",
        "0004_sync_cursor": "cdc01899aeb818d8",
        "0005_unsynced_rows": "d6dff224c4303d67",
        "0006_account_deleted": "c63b6e1848d7f945",
        "0007_subscription": "43ef8eea50764e13",
        "0008_subscription_checked": "d6b57a249874f4c7",
    ]

    static let schemaDirectory = PackageRoot.url("schema/training-log")

    @Test("a shipped migration's text never changes", arguments: TrainingLogSchema.migrations.map(\.identifier))
    func checksumIsPinned(identifier: String) throws {
        let migration = try #require(TrainingLogSchema.migrations.first { $0.identifier == identifier })
        #expect(Self.pinnedChecksums[identifier] == Checksum.fnv1a(migration.sql))
    }

    @Test("every pinned migration is still shipped, numbered 1, 2, 3 …")
    func pinnedMigrationsAreShipped() {
        #expect(Set(Self.pinnedChecksums.keys) == Set(TrainingLogSchema.migrations.map(\.identifier)))
        #expect(TrainingLogSchema.migrations.map(\.number) == Array(1...TrainingLogSchema.migrations.count))
    }

    @Test("every schema/training-log/*.sql file is registered, with the text on disk")
    func everyFileIsRegistered() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(onDisk == TrainingLogSchema.migrations.map(\.fileName))
        for migration in TrainingLogSchema.migrations {
            let text = try String(
                contentsOf: Self.schemaDirectory.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(text == migration.sql, "\(migration.fileName) differs from its embedded copy")
        }
    }

    /// Rows the store must refuse even when written around the library: the ranges of business
    /// rules §6, one open workout, one active programme.
    @Test(
        "CHECK constraints and unique indexes refuse what the rules refuse",
        arguments: [
            "UPDATE logged_sets SET reps = 0", "UPDATE logged_sets SET reps = 101",
            "UPDATE logged_sets SET weight_kg = -1",
            "UPDATE logged_sets SET weight_kg = 500.5", "UPDATE logged_sets SET completed_at = NULL",
            "UPDATE exercise_logs SET rep_range_high = 1", "UPDATE workouts SET state = 'completed'",
            "INSERT INTO workouts (id, programme_id, session_id, session_name, state, started_at, updated_at) "
                + "SELECT 'w2', programme_id, session_id, session_name, 'open', started_at, updated_at FROM workouts",
            "UPDATE programmes SET replaced_at = started_at", "UPDATE user_settings SET weight_unit = 'stone'",
            "INSERT INTO exercise_logs SELECT 'e2', 'missing', slot_id, 9, prescribed_exercise_id, "
                + "performed_exercise_id, prescribed_sets, rep_range_low, rep_range_high, rest_seconds, "
                + "NULL, NULL, NULL, NULL, NULL, "
                + "updated_at, NULL FROM exercise_logs LIMIT 1",
        ])
    func constraintsRefuse(statement: String) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let log = try LogFixture.log(path: path)
            try log.startWorkout(session: "Push")
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
            let queue = try DatabaseQueue(path: path)
            #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: statement) } }
        }
    }

    /// The sync (PostgresStore's `DeviceLog`) names the log's tables and columns only through
    /// the log's records and `TrainingLogSchema`: a rename in a migration that the records do
    /// not follow fails here, not in a user's sync.
    @Test("every table and column the sync names exists in a migrated log")
    func syncNamesExist() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            _ = try LogFixture.log(path: path)
            let queue = try DatabaseQueue(path: path)
            try queue.read { db throws in
                func columns(_ table: String) throws -> Set<String> {
                    Set(try db.columns(in: table).map(\.name))
                }
                for table in TrainingLogSchema.syncTables {
                    #expect(try db.tableExists(table), "the sync names \(table), which the log does not have")
                }
                typealias Column = TrainingLogSchema.SyncColumn
                for table in TrainingLogSchema.syncedTables {
                    let present = try columns(table.name)
                    for column in [Column.id, Column.updatedAt, Column.syncedAt] + [table.parent].compactMap({ $0 }) {
                        #expect(present.contains(column), "\(table.name) has no \(column)")
                    }
                    #expect(present.contains(Column.singleton) == table.oneRowPerUser, "\(table.name)")
                }
                #expect(try columns(ProgrammeRecord.databaseTableName).contains(Column.isActive))
                #expect(try columns(WorkoutRecord.databaseTableName).contains(Column.state))
                let named: [(String, [String])] = [
                    (DeletedRowRecord.databaseTableName,
                     [DeletedRowRecord.CodingKeys.rowId, .tableName, .deletedAt].map(\.stringValue)),
                    (SyncCursorRecord.databaseTableName,
                     [SyncCursorRecord.CodingKeys.server, .userId, .changeSeq].map(\.stringValue)),
                    (DeletedAccountRecord.databaseTableName,
                     [DeletedAccountRecord.CodingKeys.server, .userId, .deletedAt].map(\.stringValue)),
                ]
                for (table, names) in named {
                    #expect(try columns(table) == Set(names), "\(table)")
                }
            }
            // A workout's closed state is one the table takes.
            let table = try queue.read { db throws in
                try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name = ?",
                    arguments: [WorkoutRecord.databaseTableName])
            }
            #expect(table?.contains("'\(TrainingLogSchema.SyncColumn.completed)'") == true)
        }
    }

    @Test("a new store is at the latest version, in WAL mode, with its settings row")
    func freshStore() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            _ = try LogFixture.log(path: path)
            let queue = try DatabaseQueue(path: path)
            try queue.read { db throws in
                #expect(try SchemaMigrator.currentVersion(db) == TrainingLogSchema.latestVersion)
                #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
                #expect(
                    try Row.fetchAll(db, sql: "SELECT weight_unit, time_zone FROM user_settings")
                        == [["weight_unit": "kg", "time_zone": "Europe/London"]])
            }
        }
    }

    @Test("a completed workout whose stored start is not a moment is an error of the streak, never a day left out")
    func unreadableStreakDay() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            try LogFixture.workout(
                log, clock: clock, "Push", at: "2026-01-05T18:00:00Z", ["barbell_bench_press": [(8, 60)]])
            #expect(try log.streak().current == 1)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE workouts SET started_at = 'yesterday'") }
            try queue.close()
            let error = try #require(throws: TrainingLogError.self) { try log.streak() }
            #expect(error.code == "log.unreadable")
            #expect(error.message.contains("\"yesterday\""))
        }
    }
}
