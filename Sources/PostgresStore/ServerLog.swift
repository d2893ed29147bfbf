import Foundation
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
        /// Per table, the ids of the rows the server inserted or updated, or already held as
        /// they were sent: it now holds the device's version of each.
        var written: [String: [String]] = [:]
    }

    /// The user's rows, per table, as the JSON objects `sync_pull` gave (column → value in the
    /// device's formats), parsed once; and the ids the user's devices deleted. Unchecked: the
    /// objects are JSONSerialization's immutable values, only ever read.
    struct Rows: @unchecked Sendable {
        var tables: [String: [[String: Any]]] = [:]
        var deleted: [String] = []
        /// The highest change number of the user's rows: where the next sync starts.
        var cursor: Int64 = 0
        /// The user's subscription row (nil: the server holds none), which the device copies.
        var subscription: ServerSubscription?
        /// Whether `sync_exchange` gave the subscription (migration 0016); before it, a
        /// statement of its own reads it.
        var subscriptionRead = false
    }

    /// Sends the device's deletions and changed rows, and reads back the user's rows changed
    /// after change number `cursor` (every row for 0): each push but the last through
    /// `sync_push` (migration 0008, bounded by 0013), the last with the pull in one call of
    /// `sync_exchange` (0011), the function the app calls by `rpc`. `sync_push` records the
    /// deletions and deletes those rows, then classifies and writes each row, naming the caller
    /// in every statement as well as row-level security does, so a service-role sync touches
    /// that user's rows alone; then `sync_pull` reads each table through its (user_id,
    /// change_seq) index, so the cost follows what changed. All in the caller's transaction.
    func exchange(_ pushes: [DeviceLog.Push], since cursor: Int64) async throws -> (Pushed, Rows) {
        var pushed = Pushed()
        for push in pushes.dropLast() {
            var text = "[]"
            for try await answer in try await connection.query(
                "SELECT sync_push(\(push.json)::jsonb)::text", logger: logger
            ).decode(String.self) {
                text = answer
            }
            guard let results = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] else {
                throw PostgresStoreError(.statementFailed, "sync_push answered what is not a push's outcome")
            }
            Self.count(results, of: push, into: &pushed)
        }
        let last = pushes.last ?? DeviceLog.Push()
        let changes = last.json
        var text = "{}"
        for try await answer in try await connection.query(
            "SELECT sync_exchange(\(changes)::jsonb, \(cursor))::text", logger: logger
        ).decode(String.self) {
            text = answer
        }
        return try Self.outcome(text, of: last, since: cursor, into: pushed)
    }

    /// A sync of at most one push in one statement, a transaction of its own (one round trip,
    /// not four: begin, the claims, the exchange, commit): the role and `user`'s claims set for
    /// that transaction alone (`set_config(…, true)`, as `UserSession` sets them), then
    /// `sync_exchange`, which runs as that role and checks the caller as it always does. The
    /// subquery is evaluated first (`OFFSET 0` keeps it apart), so the function starts with the
    /// role and claims in place; when the statement ends, committed or not, the connection is
    /// back to its own role, with no claims. PostgreSQL checks the connection's own right to call
    /// `sync_exchange` before the statement starts: a login that has none (Supabase's
    /// `authenticator`) is refused with 42501, and `LogSync` then syncs in four steps.
    func exchangeAlone(_ push: DeviceLog.Push, since cursor: Int64, user: String, role: String) async throws
        -> (Pushed, Rows)
    {
        let claims = #"{"sub": "\#(user)", "role": "\#(role)"}"#
        var text = "{}"
        for try await answer in try await connection.query(
            """
            SELECT sync_exchange(\(push.json)::jsonb, \(cursor))::text
            FROM (SELECT set_config('role', \(role), true), set_config('request.jwt.claims', \(claims), true)
                  OFFSET 0) AS session
            """, logger: logger
        ).decode(String.self) {
            text = answer
        }
        return try Self.outcome(text, of: push, since: cursor, into: Pushed())
    }

    /// `sync_exchange`'s answer to `push`, added to what the pushes before it did.
    private static func outcome(_ text: String, of push: DeviceLog.Push, since cursor: Int64, into pushed: Pushed)
        throws -> (Pushed, Rows)
    {
        var pushed = pushed
        guard let answer = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let results = answer["pushed"] as? [[String: Any]], let pulled = answer["pulled"] as? [String: Any]
        else {
            throw PostgresStoreError(.statementFailed, "sync_exchange answered what is not a sync's outcome")
        }
        Self.count(results, of: push, into: &pushed)
        var rows = try Self.rows(pulled, since: cursor)
        // Since migration 0016 the answer carries the user's subscription row, or null for none.
        if let subscription = answer["subscription"] {
            rows.subscriptionRead = true
            if let object = subscription as? [String: Any] {
                guard let row = ServerSubscription(json: object) else {
                    throw PostgresStoreError(.statementFailed, "sync_exchange answered a subscription that is not one")
                }
                rows.subscription = row
            }
        }
        return (pushed, rows)
    }

    /// `sync_push`'s answer to `push`, `[{table, id, action, device, server}]`, counted per
    /// table. A row of the push the answer does not list was inserted: since migration 0018 the
    /// server lists only the others (the push asks it to); before, it listed every row. The
    /// server writes ids as its `uuid` type does, in lower case.
    private static func count(_ results: [[String: Any]], of push: DeviceLog.Push, into pushed: inout Pushed) {
        var listed: [String: Set<String>] = [:]
        for result in results {
            if let table = result["table"] as? String, let id = result["id"] as? String {
                listed[table, default: []].insert(id.lowercased())
            }
        }
        for (table, ids) in push.ids {
            let seen = listed[table] ?? []
            let inserted = seen.isEmpty ? ids : ids.filter { !seen.contains($0.lowercased()) }
            guard !inserted.isEmpty else { continue }
            pushed.counts[table, default: (pushed: 0, same: 0)].pushed += inserted.count
            pushed.written[table, default: []] += inserted
        }
        for result in results {
            guard let table = result["table"] as? String, let action = result["action"] as? String else { continue }
            var counts = pushed.counts[table] ?? (pushed: 0, same: 0)
            switch action {
            case "insert", "update":
                counts.pushed += 1
                if let id = result["id"] as? String { pushed.written[table, default: []].append(id) }
            case "same":
                counts.same += 1
                if let id = result["id"] as? String { pushed.written[table, default: []].append(id) }
            default:
                pushed.conflicts.append(
                    SyncReport.Conflict(
                        table: table, id: result["id"] as? String ?? "",
                        deviceUpdatedAt: result["device"] as? String ?? "",
                        serverUpdatedAt: result["server"] as? String))
            }
            pushed.counts[table] = counts
        }
    }

    /// `sync_pull`'s answer, `{"tables": {name: [rows]}, "deleted": [ids], "cursor": N}`.
    private static func rows(_ pulled: [String: Any], since cursor: Int64) throws -> Rows {
        guard let tables = pulled["tables"] as? [String: Any] else {
            throw PostgresStoreError(.statementFailed, "sync_pull answered what is not a change set")
        }
        var rows = Rows(cursor: (pulled["cursor"] as? NSNumber)?.int64Value ?? cursor)
        for (name, value) in tables {
            guard let objects = value as? [[String: Any]] else {
                throw PostgresStoreError(.statementFailed, "sync_pull's \(name) are not a JSON array of objects")
            }
            rows.tables[name] = objects
        }
        rows.deleted = pulled["deleted"] as? [String] ?? []
        return rows
    }
}
