import Foundation
import Logging
import PostgresNIO

/// A table on the server as the publisher merges rows into it: its columns (with their
/// PostgreSQL types) and its primary key, read from the system catalogue so that the schema is
/// written once, in the migrations.
struct ServerTable: Sendable {
    struct Column: Sendable {
        var name: String
        var type: String
    }

    let name: String
    let columns: [Column]
    let key: [String]

    /// Reads the columns and the primary key of `public.name`.
    static func load(_ name: String, _ connection: PostgresConnection, logger: Logger) async throws -> ServerTable {
        let rows = try await connection.query(
            """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod),
                   coalesce(a.attnum = ANY (i.indkey::int2[]), false)
            FROM pg_attribute AS a
            LEFT JOIN pg_index AS i ON i.indrelid = a.attrelid AND i.indisprimary
            WHERE a.attrelid = to_regclass(\("public." + quoted(name))) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum
            """, logger: logger)
        var columns: [Column] = []
        var key: [String] = []
        for try await (column, type, isKey) in rows.decode((String, String, Bool).self) {
            columns.append(Column(name: column, type: type))
            if isKey { key.append(column) }
        }
        guard !columns.isEmpty, !key.isEmpty else {
            throw PostgresStoreError(.statementFailed, "the server has no table \(name) with a primary key")
        }
        return ServerTable(name: name, columns: columns, key: key)
    }

    /// What merging one table's rows did.
    struct Merge: Sendable {
        var inserted: Int
        var updated: Int
        var deleted: Int
    }

    /// Makes the table hold exactly the rows of `json` (an array of objects keyed by column
    /// name): a row whose key is new is inserted, a row that differs is updated, a row whose key
    /// is not in `json` is deleted. A row that is already equal is not touched, so merging the
    /// same rows twice changes nothing.
    func merge(json: String, _ connection: PostgresConnection, logger: Logger) async throws -> Merge {
        let rows = try await connection.query(mergeStatement(json: json), logger: logger)
        for try await (inserted, updated, deleted) in rows.decode((Int, Int, Int).self) {
            return Merge(inserted: inserted, updated: updated, deleted: deleted)
        }
        return Merge(inserted: 0, updated: 0, deleted: 0)
    }

    func mergeStatement(json: String) -> PostgresQuery {
        let table = Self.quoted(name)
        let names = columns.map { Self.quoted($0.name) }
        let keys = key.map(Self.quoted)
        let others = columns.map(\.name).filter { !key.contains($0) }.map(Self.quoted)
        let record = columns.map { "\(Self.quoted($0.name)) \($0.type)" }.joined(separator: ", ")
        let list = names.joined(separator: ", ")
        let conflict: String
        if others.isEmpty {
            conflict = "DO NOTHING"
        } else {
            let assignments: String = others.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
            let current: String = others.map { "\(table).\($0)" }.joined(separator: ", ")
            let incoming: String = others.map { "EXCLUDED.\($0)" }.joined(separator: ", ")
            conflict = "DO UPDATE SET \(assignments) WHERE (\(current)) IS DISTINCT FROM (\(incoming))"
        }
        let sameKey = keys.map { "incoming.\($0) = \(table).\($0)" }.joined(separator: " AND ")
        let sql = """
            WITH incoming AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(\(record))),
            written AS (
                INSERT INTO \(table) (\(list)) SELECT \(list) FROM incoming
                ON CONFLICT (\(keys.joined(separator: ", "))) \(conflict)
                RETURNING (xmax = 0) AS inserted),
            removed AS (
                DELETE FROM \(table) WHERE NOT EXISTS (SELECT 1 FROM incoming WHERE \(sameKey))
                RETURNING 1)
            SELECT (SELECT count(*) FROM written WHERE inserted)::int8,
                   (SELECT count(*) FROM written WHERE NOT inserted)::int8,
                   (SELECT count(*) FROM removed)::int8
            """
        var bindings = PostgresBindings()
        bindings.append(json)
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// `name` as an SQL identifier: in double quotes, a double quote doubled.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
