import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import Testing
import TrainingLog

extension PostgresTests {
    /// The training log's SQLite migrations (schema/training-log/) and its PostgreSQL migration
    /// (schema/postgres/0003_training_log.sql) define the same tables, but for what the server
    /// adds or leaves out on purpose, each listed here.
    @Suite("schema parity: the training log on SQLite and on PostgreSQL")
    struct LogSchemaParityTests {
        static let tables: Set = [
            "user_settings", "programmes", "workouts", "exercise_logs", "logged_sets", "deleted_rows",
        ]
        /// SQLite's 0/1 flags, PostgreSQL's booleans.
        static let booleans: Set = ["programmes.is_active", "exercise_logs.deloaded", "logged_sets.completed"]
        /// The device's own bookkeeping (`synced_at`) and SQLite's stand-in for one row per user.
        static let deviceOnly: Set = ["synced_at", "singleton"]
        /// PostgreSQL's better types for what SQLite keeps as text.
        static let textOnDevice: Set = ["uuid", "timestamp with time zone", "date", "jsonb"]
        /// The device's indexes for its screens (a session's and an exercise's history, a workout's
        /// exercises), which no statement of the server reads: migration 0022 dropped them there.
        static let screensOnly: Set = [
            "workouts_by_session", "workouts_by_start", "exercise_logs_by_exercise", "exercise_logs_by_workout",
        ]

        /// `user_id uuid NOT NULL DEFAULT auth.uid()` and the server's change numbers removed, types
        /// mapped to SQLite's, and `user_id` taken out of keys and foreign keys: on the server every
        /// row is its owner's (keyed by user and id), on a device every row is the one user's.
        static func deviceView(_ shape: SchemaShape) -> SchemaShape {
            var shape = shape
            shape.columns = shape.columns.filter { !$0.hasPrefix("user_id ") && !$0.hasPrefix("change_seq ") }.map {
                column in
                var column = column
                for type in textOnDevice where column.contains(" \(type)") {
                    column = column.replacingOccurrences(of: " \(type)", with: " text")
                }
                return column
            }
            shape.foreignKeys = Set(shape.foreignKeys.map { $0.replacingOccurrences(of: "user_id, ", with: "") })
            shape.primaryKey = shape.primaryKey.filter { $0 != "user_id" }
            return shape
        }

        @Test("the same columns, types, keys and foreign keys, but for the server's owner column; indexes it reads")
        func sameTables() async throws {
            let queue = try DatabaseQueue()
            try TrainingLogSchema.migrator.migrate(queue)
            let sqlite = try await queue.read { db in try SchemaShape.sqlite(db, booleans: Self.booleans) }
                .filter { Self.tables.contains($0.key) }
            let postgres = try await PostgresTestServer.withDatabase { server in
                try await PostgresTestServer.migrate(server)
                return try await server.withTestConnection { try await SchemaShape.postgres($0) }
            }.filter { Self.tables.contains($0.key) }
            #expect(Set(sqlite.keys) == Self.tables)
            #expect(Set(postgres.keys) == Self.tables)
            let names = { (indexes: Set<String>) in Set(indexes.map { String($0.prefix { $0 != " " }) }) }
            // The screens' indexes named here are the device's, so that a renamed one is not missed.
            #expect(Self.screensOnly.isSubset(of: Set(sqlite.values.flatMap { names($0.indexes) })))
            for (table, shape) in sqlite {
                let device = try #require(postgres[table].map(Self.deviceView), "\(table) is not on the server")
                let columns = shape.columns.filter { column in
                    !Self.deviceOnly.contains { column.hasPrefix("\($0) ") }
                }
                #expect(device.columns == columns, "\(table): columns")
                #expect(device.primaryKey == shape.primaryKey, "\(table): primary key")
                #expect(device.foreignKeys == shape.foreignKeys, "\(table): foreign keys")
                // The device's index of the rows its next sync sends is its own bookkeeping, and its
                // screens' indexes are its own: every push would write them on the server for nothing.
                let deviceIndexes = names(shape.indexes).filter { !$0.hasSuffix("_unsynced") }
                #expect(
                    deviceIndexes.subtracting(Self.screensOnly).isSubset(of: names(device.indexes)),
                    "\(table): indexes")
                #expect(names(device.indexes).isDisjoint(with: Self.screensOnly), "\(table): screens' indexes")
            }
        }
    }
}
