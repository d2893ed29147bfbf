import Logging
import PostgresNIO

/// The user's training log on the server, inside the sync's transaction (row-level security
/// limits every statement to the user's rows).
struct ServerLog {
    let connection: PostgresConnection
    let logger: Logger

    /// What pushing did, per table and row.
    struct Pushed: Sendable {
        var counts: [String: (pushed: Int, same: Int)] = [:]
        var conflicts: [SyncReport.Conflict] = []
    }

    /// The user's rows, per table, as JSON arrays of objects in the device's column formats;
    /// and the ids the user's devices deleted.
    struct Rows: Sendable {
        var tables: [String: String] = [:]
        var deleted: [String] = []
        /// The highest change number of the user's rows: where the next sync starts.
        var cursor: Int64 = 0
    }

    /// The server's bookkeeping, which a device neither sends nor keeps.
    static let serverOnly: Set = ["user_id", "change_seq"]

    /// Records the device's deletions and deletes those rows (children first). Every statement
    /// names the user (`auth.uid()`, the sync's subject) as well as row-level security does, so
    /// a service-role sync, which bypasses it, still touches that user's rows alone.
    func delete(_ deletions: String) async throws {
        guard deletions != "[]" else { return }
        try await connection.query(
            """
            INSERT INTO deleted_rows (row_id, table_name, deleted_at)
            SELECT row_id, table_name, deleted_at
            FROM jsonb_to_recordset(\(deletions)::jsonb) AS r(row_id uuid, table_name text, deleted_at timestamptz)
            ON CONFLICT (user_id, row_id) DO NOTHING
            """, logger: logger)
        for table in LogTable.all.reversed() where !table.oneRowPerUser {
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        DELETE FROM \(table.name) WHERE user_id = (SELECT auth.uid())
                        AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = (SELECT auth.uid()))
                        """),
                logger: logger)
        }
    }

    /// Pushes each table's changed rows (parents first).
    func push(_ rows: [String: String]) async throws -> Pushed {
        var pushed = Pushed()
        for table in LogTable.all {
            guard let json = rows[table.name], json != "[]" else { continue }
            let server = try await ServerTable.load(table.name, connection, logger: logger)
            let result = try await connection.query(Self.pushStatement(table, server, json: json), logger: logger)
            var counts = (pushed: 0, same: 0)
            for try await (id, action, device, current) in result.decode((String, String, String, String?).self) {
                switch action {
                case "insert", "update": counts.pushed += 1
                case "same": counts.same += 1
                default:
                    pushed.conflicts.append(
                        SyncReport.Conflict(
                            table: table.name, id: id, deviceUpdatedAt: device, serverUpdatedAt: current))
                }
            }
            pushed.counts[table.name] = counts
        }
        return pushed
    }

    /// The user's rows changed after change number `cursor` (every row for 0), in the
    /// device's formats: moments as `YYYY-MM-DDTHH:MM:SS.SSSZ`, dates as `YYYY-MM-DD`, flags as
    /// 0 or 1, JSON as text; the ids deleted after it; and the cursor to start from next time.
    /// Each table is read through its (user_id, change_seq) index: the cost follows what changed.
    func read(since cursor: Int64) async throws -> Rows {
        var rows = Rows(cursor: cursor)
        for table in LogTable.all {
            let server = try await ServerTable.load(table.name, connection, logger: logger)
            let fields = server.columns.filter { !Self.serverOnly.contains($0.name) }
                .map { "'\($0.name)', \(Self.deviceFormat($0))" }.joined(separator: ", ")
            let result = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT coalesce(jsonb_agg(jsonb_build_object(\(fields)) ORDER BY t.id), '[]')::text,
                               coalesce(max(t.change_seq), 0)
                        FROM \(table.name) AS t WHERE t.user_id = (SELECT auth.uid()) AND t.change_seq > \(cursor)
                        """), logger: logger)
            for try await (json, last) in result.decode((String, Int64).self) {
                rows.tables[table.name] = json
                rows.cursor = max(rows.cursor, last)
            }
        }
        let deleted = try await connection.query(
            """
            SELECT row_id::text, change_seq FROM deleted_rows
            WHERE user_id = (SELECT auth.uid()) AND change_seq > \(cursor)
            """, logger: logger)
        for try await (id, last) in deleted.decode((String, Int64).self) {
            rows.deleted.append(id)
            rows.cursor = max(rows.cursor, last)
        }
        return rows
    }

    // MARK: - Statements

    static func deviceFormat(_ column: ServerTable.Column) -> String {
        let name = "t." + ServerTable.quoted(column.name)
        switch column.type {
        case "timestamp with time zone":
            return #"to_char(\#(name) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#
        case "date": return "to_char(\(name), 'YYYY-MM-DD')"
        case "boolean": return "\(name)::int"
        case "uuid", "jsonb": return "\(name)::text"
        default: return name
        }
    }

    /// One statement: classifies each incoming row (insert, update, same, conflict), writes the
    /// inserts and updates, and returns each row's id, action, the device's `updated_at` and the
    /// server's (the version kept on a conflict).
    static func pushStatement(_ table: LogTable, _ server: ServerTable, json: String) -> PostgresQuery {
        let columns = server.columns.filter { !serverOnly.contains($0.name) }
        // JSON columns arrive as text and are parsed here.
        let record = columns.map { "\(ServerTable.quoted($0.name)) \($0.type == "jsonb" ? "text" : $0.type)" }
            .joined(separator: ", ")
        func incoming(_ column: ServerTable.Column) -> String {
            "i.\(ServerTable.quoted(column.name))" + (column.type == "jsonb" ? "::jsonb" : "")
        }
        // What a row says, apart from its id (for the settings) and when it was written.
        let content = columns.filter { $0.name != "updated_at" && !(table.oneRowPerUser && $0.name == "id") }
        let serverContent = content.map { "s.\(ServerTable.quoted($0.name))" }.joined(separator: ", ")
        let deviceContent = content.map(incoming).joined(separator: ", ")
        let owner = "s.user_id = (SELECT auth.uid())"
        let match = table.oneRowPerUser ? owner : "s.id = i.id AND \(owner)"
        let names = columns.map { ServerTable.quoted($0.name) }.joined(separator: ", ")
        let values = columns.map(incoming).joined(separator: ", ")
        let assignments = columns.filter { $0.name != "id" }
            .map { "\(ServerTable.quoted($0.name)) = \(incoming($0))" }.joined(separator: ", ")
        let stamp = #"'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'"#
        let sql = """
            WITH i AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(\(record), base timestamptz)),
            classified AS (
                SELECT i.id, s.updated_at AS current, CASE
                    WHEN s.id IS NULL AND EXISTS (
                        SELECT 1 FROM deleted_rows AS d WHERE d.row_id = i.id AND d.user_id = (SELECT auth.uid())
                    ) THEN 'deleted'
                    WHEN s.id IS NULL THEN 'insert'
                    WHEN ROW(\(serverContent)) IS NOT DISTINCT FROM ROW(\(deviceContent)) THEN 'same'
                    WHEN s.updated_at = i.base THEN 'update'
                    ELSE 'conflict' END AS action
                FROM i LEFT JOIN \(table.name) AS s ON \(match)),
            inserted AS (
                INSERT INTO \(table.name) (\(names))
                SELECT \(values) FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'insert'
                RETURNING 1),
            updated AS (
                UPDATE \(table.name) AS s SET \(assignments)
                FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'update' AND \(match)
                RETURNING 1)
            SELECT c.id::text, c.action, to_char(i.updated_at AT TIME ZONE 'UTC', \(stamp)),
                   to_char(c.current AT TIME ZONE 'UTC', \(stamp))
            FROM classified AS c JOIN i ON i.id = c.id ORDER BY c.id
            """
        var bindings = PostgresBindings()
        bindings.append(json)
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }
}
