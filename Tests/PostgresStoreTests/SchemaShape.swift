import Foundation
import GRDB
import PostgresNIO

/// What a table's definition says, in words both engines can be read into: the parity test
/// compares SQLite's and PostgreSQL's. Types are `integer`, `text` or `boolean`.
struct SchemaShape: Equatable {
    /// `name type [NOT NULL] [DEFAULT value]`, in column order.
    var columns: [String] = []
    var primaryKey: [String] = []
    /// `(a, b) -> table (c, d)`.
    var foreignKeys: Set<String> = []
    /// `(a, b)`, or an expression's text (`lower(display_name)`).
    var uniques: Set<String> = []
    /// `name (a, b)`: the indexes that back no constraint.
    var indexes: Set<String> = []
    var checks = 0

    static func column(_ name: String, _ type: String, notNull: Bool, default value: String?) -> String {
        "\(name) \(type)" + (notNull ? " NOT NULL" : "") + (value.map { " DEFAULT \($0)" } ?? "")
    }

    // MARK: - SQLite

    /// Every table but SQLite's and GRDB's own. A column in `booleans` (`table.column`) is read
    /// as `boolean`, its `IN (0, 1)` CHECK not counted.
    static func sqlite(_ db: Database, booleans: Set<String>) throws -> [String: SchemaShape] {
        let tables = try Row.fetchAll(
            db,
            sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                + "AND name <> 'grdb_migrations'")
        var shapes: [String: SchemaShape] = [:]
        for table in tables {
            let name: String = table["name"]
            let sql: String = table["sql"]
            var shape = SchemaShape()
            var key: [(Int, String)] = []
            for column in try Row.fetchAll(db, sql: "PRAGMA table_info(\(name))") {
                let columnName: String = column["name"]
                let isBoolean = booleans.contains("\(name).\(columnName)")
                let type = isBoolean ? "boolean" : (column["type"] as String).lowercased()
                shape.columns.append(
                    Self.column(columnName, type, notNull: column["notnull"], default: column["dflt_value"]))
                if (column["pk"] as Int) > 0 { key.append((column["pk"], columnName)) }
            }
            shape.primaryKey = key.sorted { $0.0 < $1.0 }.map(\.1)
            let foreignKeys = Dictionary(grouping: try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(name))")) {
                $0["id"] as Int
            }
            for rows in foreignKeys.values {
                let ordered = rows.sorted { ($0["seq"] as Int) < ($1["seq"] as Int) }
                let from = ordered.map { $0["from"] as String }.joined(separator: ", ")
                let to = ordered.map { $0["to"] as String }.joined(separator: ", ")
                shape.foreignKeys.insert("(\(from)) -> \(ordered[0]["table"] as String) (\(to))")
            }
            for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(name))") {
                let indexName: String = index["name"]
                let origin: String = index["origin"]
                guard origin != "pk" else { continue }
                let columns = try Row.fetchAll(db, sql: "PRAGMA index_info(\(indexName))").map { $0["name"] as String? }
                let list: String
                if columns.contains(where: { $0 == nil }) {
                    let definition =
                        try String.fetchOne(
                            db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [indexName]) ?? ""
                    list = Self.expression(in: definition, after: " ON \(name) (")
                } else {
                    list = "(" + columns.compactMap { $0 }.joined(separator: ", ") + ")"
                }
                if (index["unique"] as Int) == 1 {
                    shape.uniques.insert(list)
                } else {
                    shape.indexes.insert("\(indexName) \(list)")
                }
            }
            let code = sql.split(separator: "\n").map { $0.components(separatedBy: "--")[0] }.joined(separator: "\n")
            let booleanChecks = booleans.filter { $0.hasPrefix("\(name).") }.count
            shape.checks = code.components(separatedBy: "CHECK (").count - 1 - booleanChecks
            shapes[name] = shape
        }
        return shapes
    }

    /// `lower(display_name)` out of `CREATE UNIQUE INDEX … ON exercises (lower(display_name))`.
    static func expression(in definition: String, after opening: String) -> String {
        guard let start = definition.range(of: opening)?.upperBound, let end = definition.lastIndex(of: ")"),
            start <= end
        else { return definition }
        return String(definition[start..<end])
    }

    // MARK: - PostgreSQL

    /// Every table of the public schema but `traindb_migrations`.
    static func postgres(_ connection: PostgresConnection) async throws -> [String: SchemaShape] {
        var shapes: [String: SchemaShape] = [:]
        for (table, column, type, nullable, value) in try await connection.rows(
            (String, String, String, String, String?).self,
            """
            SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, column_default::text
            FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name <> 'traindb_migrations'
            ORDER BY table_name, ordinal_position
            """)
        {
            shapes[table, default: SchemaShape()].columns.append(
                Self.column(column, type, notNull: nullable == "NO", default: value))
        }
        for (table, kind, name, columns, target, targetColumns, expression) in try await connection.rows(
            (String, String, String, String, String?, String?, String?).self,
            """
            SELECT c.conrelid::regclass::text, c.contype::text, c.conname::text,
                   coalesce((SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey)
                             WITH ORDINALITY AS k(attnum, n)
                             JOIN pg_attribute AS a ON a.attrelid = c.conrelid AND a.attnum = k.attnum), ''),
                   c.confrelid::regclass::text,
                   (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.confkey)
                    WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute AS a ON a.attrelid = c.confrelid AND a.attnum = k.attnum),
                   CASE WHEN c.contype = 'x' THEN pg_get_indexdef(c.conindid, 1, true) END
            FROM pg_constraint AS c
            WHERE c.connamespace = 'public'::regnamespace AND c.conrelid::regclass::text <> 'traindb_migrations'
            """)
        {
            var shape = shapes[table, default: SchemaShape()]
            switch kind {
            case "p": shape.primaryKey = columns.components(separatedBy: ", ")
            case "f": shape.foreignKeys.insert("(\(columns)) -> \(target ?? "?") (\(targetColumns ?? "?"))")
            case "u": shape.uniques.insert("(\(columns))")
            case "x": shape.uniques.insert(expression ?? name)
            case "c": shape.checks += 1
            default: break
            }
            shapes[table] = shape
        }
        for (table, index, columns) in try await connection.rows(
            (String, String, String).self,
            """
            SELECT i.indrelid::regclass::text, i.indexrelid::regclass::text,
                   (SELECT string_agg(pg_get_indexdef(i.indexrelid, n, true), ', ' ORDER BY n)
                    FROM generate_series(1, i.indnatts) AS n)
            FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indrelid
            WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> 'traindb_migrations'
              AND NOT EXISTS (SELECT 1 FROM pg_constraint AS k WHERE k.conindid = i.indexrelid)
            """)
        {
            shapes[table, default: SchemaShape()].indexes.insert("\(index) (\(columns))")
        }
        return shapes
    }

}
