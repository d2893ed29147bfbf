import Account
import Catalog
import Foundation
import Logging
import PostgresNIO

/// What the server holds about one user (business rules §12), read or deleted as that user in
/// one transaction, under row-level security, through the functions of migration 0004 that the
/// app calls by `rpc`: `user_tables()` names the user's tables, `delete_my_data()` deletes.
public struct ServerAccount: Sendable {
    /// What the server's `pg_stat_activity` calls the connection.
    public static let applicationName = "traindb account"

    private let logger: Logger

    public init(logger: Logger = .silent) {
        self.logger = logger
    }

    /// Every row `user` owns on the server, table by table (by name), each row in the device's
    /// formats (moments `YYYY-MM-DDTHH:MM:SS.SSSZ`, flags 0 or 1, JSON as text) and without its
    /// `user_id`, so that a table exported from the server and from a synced device match.
    public func export(from server: PostgresURL, user: String, role: String) async throws -> [AccountData.Table] {
        let user = try UserSession.userID(user)
        return try await server.withConnection(applicationName: Self.applicationName, logger: logger) { connection in
            try await UserSession(connection: connection, logger: logger).run(
                user: user, role: role, doing: "nothing exported"
            ) { connection in
                var names: [String] = []
                for try await name in try await connection.query("SELECT user_tables()", logger: logger)
                    .decode(String.self)
                {
                    names.append(name)
                }
                var tables: [AccountData.Table] = []
                for name in names.sorted() {
                    tables.append(try await table(name, user: user, on: connection))
                }
                return tables
            }
        }
    }

    /// Deletes every row `user` owns on the server in one transaction (`delete_my_data()`);
    /// returns the rows deleted per table. The catalogue and other users' rows are untouched.
    public func delete(on server: PostgresURL, user: String, role: String) async throws -> [String: Int] {
        let user = try UserSession.userID(user)
        let json = try await server.withConnection(applicationName: Self.applicationName, logger: logger) {
            connection in
            try await UserSession(connection: connection, logger: logger).run(
                user: user, role: role, doing: "nothing deleted"
            ) { connection in
                var text = "{}"
                for try await result in try await connection.query(
                    "SELECT delete_my_data()::text", logger: logger
                ).decode(String.self) {
                    text = result
                }
                return text
            }
        }
        let counts = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
        return counts.compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    /// One table's rows of `user`, in the device's formats, ordered by their text.
    private func table(_ name: String, user: String, on connection: PostgresConnection) async throws
        -> AccountData.Table
    {
        // The columns and the device's format of each, as the sync's own functions give them.
        var columns: [(name: String, type: String)] = []
        var formats: [String] = []
        let described = try await connection.query(
            "SELECT name, type, sync_device_value(name, type) FROM sync_columns(\(name))", logger: logger)
        for try await (column, type, format) in described.decode((String, String, String).self) {
            columns.append((column, type))
            formats.append(format + "::text")
        }
        let fields = formats.joined(separator: ", ")
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT json_build_array(\(fields))::text FROM \(ServerTable.quoted(name)) AS t
                WHERE t.user_id = (SELECT auth.uid()) ORDER BY 1
                """)
        var rows: [[AccountData.Value]] = []
        for try await text in try await connection.query(query, logger: logger).decode(String.self) {
            let values = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [Any] ?? []
            rows.append(zip(columns, values).map { column, value in Self.value(value, type: column.type) })
        }
        return AccountData.Table(name: name, columns: columns.map(\.name), rows: rows)
    }

    /// A value as the device keeps it: numbers and flags as numbers, the rest as text.
    private static func value(_ value: Any, type: String) -> AccountData.Value {
        guard let text = value as? String else { return .null }
        switch type {
        case "boolean", "integer", "bigint", "smallint":
            return Int64(text).map(AccountData.Value.integer) ?? .text(text)
        case "double precision", "real":
            return Double(text).map(AccountData.Value.real) ?? .text(text)
        case let numeric where numeric.hasPrefix("numeric"):
            return Double(text).map(AccountData.Value.real) ?? .text(text)
        default:
            return .text(text)
        }
    }
}
