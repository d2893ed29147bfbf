import Testing

/// Every test that needs a PostgreSQL server, nested here so that a machine without one skips
/// them all with one line (`PostgresTestServer.skipReason`). Each test works in a database of
/// its own, made and dropped by `PostgresTestServer.withDatabase`.
@Suite("PostgreSQL", .enabled(if: PostgresTestServer.runs, PostgresTestServer.skipReason))
struct PostgresTests {
    @Test("the server named by TRAINDB_POSTGRES_URL answers")
    func serverAnswers() async throws {
        let version = try await PostgresTestServer.withDatabase { database in
            try await database.withTestConnection {
                connection in
                var version = ""
                let rows = try await connection.query("SHOW server_version_num", logger: PostgresTestServer.logger)
                for try await text in rows.decode(String.self) { version = text }
                return version
            }
        }
        #expect((Int(version) ?? 0) >= 130_000, "PostgreSQL 13 or later is needed (DROP DATABASE … WITH (FORCE))")
    }
}
