import Catalog
import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    /// SQLite's migrations (schema/*.sql) and PostgreSQL's (schema/postgres/*.sql) cannot be the
    /// same text; these tests prove that they define the same tables: columns, keys, foreign
    /// keys, unique constraints, indexes, and CHECKs that refuse the same values.
    @Suite("schema parity: the SQLite and PostgreSQL catalogue schemas agree")
    struct SchemaParityTests {
        /// SQLite's `INTEGER … CHECK (x IN (0, 1))` is PostgreSQL's `boolean`, which needs no CHECK.
        static let booleans: Set = ["exercises.is_isolation", "exercises.include_in_programme"]
        /// The catalogue's tables (the server also holds users' training logs, compared elsewhere).
        static let catalogueTables = Set(CatalogSchema.recordTypes.map { $0.databaseTableName })

        @Test("the same tables, columns, keys, foreign keys, unique constraints, indexes and CHECK counts")
        func sameShapes() async throws {
            let queue = try DatabaseQueue()
            try CatalogSchema.migrator.migrate(queue)
            let sqlite = try await queue.read { db in try SchemaShape.sqlite(db, booleans: Self.booleans) }
            let postgres = try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server, dryRun: false)
                return try await server.withTestConnection {
                    try await SchemaShape.postgres($0)
                }
            }.filter { Self.catalogueTables.contains($0.key) }
            #expect(sqlite.keys.sorted() == postgres.keys.sorted())
            #expect(sqlite.count == 15)
            for (table, shape) in sqlite.sorted(by: { $0.key < $1.key }) {
                let other = postgres[table]
                #expect(other?.columns == shape.columns, "\(table): columns")
                #expect(other?.primaryKey == shape.primaryKey, "\(table): primary key")
                #expect(other?.foreignKeys == shape.foreignKeys, "\(table): foreign keys")
                #expect(other?.uniques == shape.uniques, "\(table): unique constraints")
                #expect(other?.indexes == shape.indexes, "\(table): indexes")
                #expect(other?.checks == shape.checks, "\(table): CHECK constraints")
            }
        }

        /// One value each CHECK refuses (and each boolean's type refuses), tried on both engines.
        static let badValues: [(table: String, column: String, value: String)] = [
            ("equipment_categories", "name", "' Barbells'"), ("equipment_categories", "slug", "''"),
            ("equipment_categories", "position", "0"),
            ("equipment_items", "name", "''"), ("equipment_items", "slug", "''"), ("equipment_items", "position", "0"),
            ("muscles", "name", "'Chest '"), ("muscles", "slug", "''"), ("muscles", "body_region", "'middle'"),
            ("movement_patterns", "name", "''"), ("movement_patterns", "slug", "''"),
            ("complexity_levels", "level", "5"), ("complexity_levels", "label", "''"),
            ("canonical_groups", "name", "''"),
            ("selection_tiers", "tier", "0"), ("selection_tiers", "label", "''"),
            ("exercises", "id", "''"), ("exercises", "display_name", "' Push-Up'"),
            ("exercises", "complexity_level", "0"), ("exercises", "selection_tier", "4"),
            ("exercises", "is_isolation", "2"), ("exercises", "include_in_programme", "2"),
            ("exercises", "video_url", "'http://example.com/v.mp4'"), ("exercises", "thumbnail_url", "'https://'"),
            ("exercise_secondary_muscles", "position", "0"),
            ("exercise_instructions", "step", "5"), ("exercise_instructions", "instruction", "''"),
            ("joints", "name", "''"), ("joints", "slug", "''"), ("exercise_exceptions", "level", "'unsafe'"),
            ("exercise_exceptions", "cue", "'   '"),
            ("catalogue_provenance", "id", "2"), ("catalogue_provenance", "tool_version", "''"),
            ("catalogue_provenance", "schema_version", "0"),
            ("catalogue_sources", "file_name", "''"), ("catalogue_sources", "sha256", "'ABC'"),
        ]

        @Test("every CHECK refuses the same values on both engines, and every CHECK is tried")
        func checksRefuseAlike() async throws {
            let committed = try DatabaseQueue(path: try CatalogueFiles.committed())
            let sqlite = try DatabaseQueue()
            try committed.backup(to: sqlite)
            try committed.close()
            try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server)
                try await server.withTestConnection {
                    connection in
                    try await connection.query("BEGIN", logger: PostgresTestServer.logger)
                    for bad in Self.badValues {
                        let sql = "UPDATE \(bad.table) SET \(bad.column) = \(bad.value)"
                        let isBoolean = Self.booleans.contains("\(bad.table).\(bad.column)")
                        let refusedByPostgres = await PostgresTests.AccessTests.refusal(sql, on: connection)
                        #expect(refusedByPostgres == (isBoolean ? "42804" : "23514"), "PostgreSQL ran: \(sql)")
                        let refusedBySQLite = #expect(throws: DatabaseError.self, "SQLite ran: \(sql)") {
                            try sqlite.write { db in try db.execute(sql: sql) }
                        }
                        #expect(refusedBySQLite?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK, "\(sql)")
                    }
                    let checked = try await Self.checkedColumns(connection).filter { column in
                        Self.catalogueTables.contains(String(column.prefix { $0 != "." }))
                    }
                    let tried = Set(Self.badValues.map { "\($0.table).\($0.column)" })
                    #expect(checked.union(Self.booleans) == tried, "a CHECK without a bad value, or the reverse")
                    try await connection.query("ROLLBACK", logger: PostgresTestServer.logger)
                }
            }
        }

        /// `table.column` of every column a CHECK constraint names on the server.
        static func checkedColumns(_ connection: PostgresConnection) async throws -> Set<String> {
            let rows = try await connection.query(
                """
                SELECT c.conrelid::regclass::text || '.' || a.attname
                FROM pg_constraint AS c
                JOIN pg_attribute AS a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                WHERE c.contype = 'c' AND c.connamespace = 'public'::regnamespace
                """, logger: PostgresTestServer.logger)
            var columns: Set<String> = []
            for try await column in rows.decode(String.self) { columns.insert(column) }
            return columns
        }
    }
}
