import Catalog
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import PostgresStore

/// The server's catalogue tables as the tests compare them: every table's rows as the same
/// records SQLite's rows decode to, and the row versions (`xmin`) that show whether a row was
/// rewritten.
enum ServerRows {
    /// The rows of `Record`'s table on the server, by primary key.
    static func records<Record: CatalogRecord>(
        _ type: Record.Type, _ connection: PostgresConnection
    ) async throws -> [Record] {
        let logger = PostgresTestServer.logger
        let table = try await ServerTable.load(Record.databaseTableName, connection, logger: logger)
        let name = ServerTable.quoted(table.name)
        let order = table.key.map(ServerTable.quoted).joined(separator: ", ")
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: "SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY \(order)), '[]')::text FROM \(name) AS t"),
            logger: logger)
        var json = "[]"
        for try await text in rows.decode(String.self) { json = text }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Record].self, from: Data(json.utf8))
    }

    /// Fails for each catalogue table whose rows on the server differ from the database's.
    static func expectEqual(
        _ database: CatalogDatabase, _ server: PostgresURL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await server.withTestConnection {
            connection in
            for type in CatalogSchema.recordTypes {
                try await expectEqual(type, database, connection, sourceLocation: sourceLocation)
            }
        }
    }

    /// Compares the rows as JSON (keys sorted): the records themselves need not be Equatable.
    private static func expectEqual<Record: CatalogRecord>(
        _ type: Record.Type, _ database: CatalogDatabase, _ connection: PostgresConnection,
        sourceLocation: SourceLocation
    ) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let local = try database.records(type)
        let remote = try await records(type, connection)
        #expect(!local.isEmpty, "\(Record.databaseTableName) is empty", sourceLocation: sourceLocation)
        #expect(
            remote.count == local.count, "\(Record.databaseTableName): row counts differ",
            sourceLocation: sourceLocation)
        #expect(
            try encoder.encode(remote) == encoder.encode(local), "\(Record.databaseTableName) differs",
            sourceLocation: sourceLocation)
    }

    /// Every catalogue row's version: the same after a publish only if no row was rewritten.
    static func versions(_ server: PostgresURL) async throws -> [String: String] {
        try await versions(of: CatalogSchema.recordTypes.map { $0.databaseTableName }, server)
    }

    /// Every training-log row's version, all users'.
    static func logVersions(_ server: PostgresURL) async throws -> [String: String] {
        try await versions(
            of: ["user_settings", "programmes", "workouts", "exercise_logs", "logged_sets", "deleted_rows"], server)
    }

    private static func versions(of tables: [String], _ server: PostgresURL) async throws -> [String: String] {
        try await server.withTestConnection {
            connection in
            var versions: [String: String] = [:]
            for name in tables {
                let table = ServerTable.quoted(name)
                let rows = try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "SELECT coalesce(string_agg(xmin::text, ',' ORDER BY ctid), '') FROM \(table)"),
                    logger: PostgresTestServer.logger)
                for try await text in rows.decode(String.self) { versions[name] = text }
            }
            return versions
        }
    }
}
