import Catalog
import Foundation
import Logging
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    /// Supabase's access rules, tried the way Supabase's API runs a request: connected as
    /// `authenticator`, switched to the request's role, its JWT claims set for the transaction.
    @Suite("access: roles, row-level security, JWT claims")
    struct AccessTests {
        static let logger = PostgresTestServer.logger

        /// Runs `body` in a transaction as `role`, with `claims` as the request's JWT claims.
        static func asRole<Value>(
            _ role: String, claims: String, on server: PostgresURL,
            _ body: (PostgresConnection) async throws -> Value
        ) async throws -> Value {
            let authenticator = PostgresTestServer.url(server, user: "authenticator")
            return try await authenticator.withTestConnection {
                connection in
                try await connection.query("BEGIN", logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: "SET LOCAL ROLE \(role)"), logger: logger)
                try await connection.query(
                    "SELECT set_config('request.jwt.claims', \(claims), true)", logger: logger)
                let value = try await body(connection)
                try await connection.query("ROLLBACK", logger: logger)
                return value
            }
        }

        /// The SQLSTATE the server answers `sql` with, nil when it runs.
        static func refusal(_ sql: String, on connection: PostgresConnection) async -> String? {
            do {
                try await connection.query("SAVEPOINT attempt", logger: logger)
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                try await connection.query("RELEASE SAVEPOINT attempt", logger: logger)
                return nil
            } catch {
                _ = try? await connection.query("ROLLBACK TO SAVEPOINT attempt", logger: logger)
                return (error as? PSQLError)?.serverInfo?[.sqlState] ?? "\(error)"
            }
        }

        static func count(_ sql: String, on connection: PostgresConnection) async throws -> Int {
            var count = -1
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                .decode(Int.self)
            { count = value }
            return count
        }

        static let claims = [
            "anon": #"{"role": "anon"}"#,
            "authenticated": #"{"role": "authenticated", "sub": "6f1c2a8e-3d4b-4c5a-9e7f-0a1b2c3d4e5f"}"#,
        ]

        static let writes = [
            "INSERT INTO muscles (id, name, slug, body_region) VALUES (99, 'Neck', 'neck', 'upper')",
            "UPDATE exercises SET display_name = 'Hacked' WHERE id = 'push_up'",
            "DELETE FROM contraindications",
            "TRUNCATE exercise_instructions",
            "INSERT INTO traindb_migrations (identifier) VALUES ('0003_sneaky')",
        ]

        @Test("the app's roles read the catalogue and write none of it", arguments: ["anon", "authenticated"])
        func appRolesReadOnly(role: String) async throws {
            try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server)
                try await Self.asRole(role, claims: Self.claims[role] ?? "{}", on: server) { connection in
                    let exercises = try await Self.count("SELECT count(*) FROM exercises", on: connection)
                    let contraindications = try await Self.count(
                        "SELECT count(*) FROM contraindications", on: connection)
                    #expect(exercises == 323)
                    #expect(contraindications == 198)
                    #expect(await Self.refusal("SELECT * FROM traindb_migrations", on: connection) == "42501")
                    for write in Self.writes {
                        #expect(await Self.refusal(write, on: connection) == "42501", "\(role) may run: \(write)")
                    }
                }
                try await ServerRows.expectEqual(try CatalogDatabase(path: try CatalogueFiles.committed()), server)
            }
        }

        @Test("row-level security alone stops anon: a table granted to anon still refuses its rows")
        func policiesHoldWithoutGrants() async throws {
            try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server)
                try await PostgresTestServer.run(script: "GRANT INSERT, UPDATE ON muscles TO anon", on: server)
                try await Self.asRole("anon", claims: Self.claims["anon"] ?? "{}", on: server) { connection in
                    #expect(await Self.refusal(Self.writes[0], on: connection) == "42501")
                    let updated = try await Self.count(
                        "WITH u AS (UPDATE muscles SET name = 'Hacked' RETURNING 1) SELECT count(*) FROM u",
                        on: connection)
                    #expect(updated == 0, "no policy lets anon see a row to update")
                }
            }
        }

        @Test("every table of the schema has row-level security on")
        func everyTableHasRowLevelSecurity() async throws {
            try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server)
                try await server.withTestConnection { connection in
                    let tables = try await Self.count(
                        "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'",
                        on: connection)
                    let open = try await Self.count(
                        """
                        SELECT count(*) FROM pg_class
                        WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND NOT relrowsecurity
                        """, on: connection)
                    #expect(tables >= 15)
                    #expect(open == 0)
                }
            }
        }
    }
}
