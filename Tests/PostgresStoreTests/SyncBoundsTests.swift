import Foundation
import GRDB
import PostgresNIO
import TestSupport
import Testing

@testable import PostgresStore

extension PostgresTests {
    /// The bounds of business rules §13 on the server: a push carries at most 2,000 rows and
    /// deletions, and every text and JSON value has a length bound, each refused whole with a
    /// message naming the row and the column; the device holds the same list.
    @Suite("sync bounds: rows per push and the length of every value")
    struct SyncBoundsTests {
        typealias Log = LogAccessTests
        static let newID = "60000000-0000-4000-8000-00000000000a"

        /// A value of `bound`'s column `length` long: accented letters for text (two bytes,
        /// one character each), JSON in the form PostgreSQL writes it for JSON.
        static func value(_ bound: SyncBounds.Bound, length: Int) -> String {
            switch (bound.unit, bound.column) {
            case (.characters, _): return String(repeating: "é", count: length)
            case (.bytes, "motivations"):
                // Slugs of 13 and 14 bytes with their separator: 200 = 10 × 13 + 5 × 14, 201 = 9 × 13 + 6 × 14.
                let (structure, confidence) = length == 200 ? (10, 5) : (9, 6)
                let slugs =
                    Array(repeating: #""confidence""#, count: confidence)
                    + Array(repeating: #""structure""#, count: structure)
                return "[" + slugs.joined(separator: ", ") + "]"
            case (.bytes, _): return #"{"a": ""# + String(repeating: "x", count: length - 9) + #""}"#
            }
        }

        /// A row of `table` for user A (whose log `LogAccessTests.seed` made), new but for the
        /// settings row, which updates A's; `column` set to `value`.
        static func row(_ table: String, _ column: String, _ value: String) -> [String: Any] {
            let at = "2026-01-06T08:00:00.000Z"
            var row: [String: Any]
            switch table {
            case "user_settings":
                row = [
                    "id": "10000000-0000-4000-8000-00000000000a", "weight_unit": "kg", "time_zone": "Europe/London",
                    "base": "2026-01-05T18:00:00.000Z",
                ]
            case "profiles":
                row = [
                    "id": newID, "motivations": #"["other"]"#, "motivation_other": "a wedding",
                    "member_since": "2026-01-05", "base": NSNull(),
                ]
            case "programmes":
                row = [
                    "id": newID, "programme_id": "p2", "created_date": "2026-01-01", "start_date": "2026-01-01",
                    "total_weeks": 8, "questionnaire": "{}", "programme": "{}", "is_active": 0,
                    "started_at": "2026-01-01T08:00:00.000Z", "replaced_at": at, "base": NSNull(),
                ]
            case "workouts":
                row = [
                    "id": newID, "programme_id": "20000000-0000-4000-8000-00000000000a", "session_id": "day-2",
                    "session_name": "Pull", "state": "completed", "started_at": "2026-01-06T07:00:00.000Z",
                    "completed_at": at, "duration_seconds": 3600, "base": NSNull(),
                ]
            default:
                row = [
                    "id": newID, "workout_id": "30000000-0000-4000-8000-00000000000a", "slot_id": "day-1-exercise-2",
                    "position": 2, "prescribed_exercise_id": "push_up", "performed_exercise_id": "push_up",
                    "prescribed_sets": 3, "rep_range_low": 8, "rep_range_high": 12, "rest_seconds": 90,
                    "notes": "easy", "base": NSNull(),
                ]
            }
            row["updated_at"] = at
            row[column] = value
            // Motivations of the bound's own making leave out "other": no other motivation is named then.
            if column == "motivations" { row["motivation_other"] = NSNull() }
            return row
        }

        /// `{"deletions": deletions, "tables": {table: rows}}` as text.
        static func changes(_ tables: [String: [[String: Any]]], deletions: [[String: Any]] = []) throws -> String {
            let object: [String: Any] = ["deletions": deletions, "tables": tables]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }

        /// What `sync_push` answered: the actions of its answer, or the server's refusal.
        enum Pushed {
            case taken([String])
            case refused(state: String?, message: String)
        }

        /// `sync_push(changes)` in a savepoint of the connection's transaction.
        static func push(_ changes: String, on connection: PostgresConnection) async -> Pushed {
            do {
                try await connection.query("SAVEPOINT push", logger: AccessTests.logger)
                var text = "[]"
                for try await answer in try await connection.query(
                    "SELECT sync_push(\(changes)::jsonb)::text", logger: AccessTests.logger
                ).decode(String.self) {
                    text = answer
                }
                try await connection.query("RELEASE SAVEPOINT push", logger: AccessTests.logger)
                let answers = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
                return .taken(answers.map { $0["action"] as? String ?? "?" })
            } catch {
                _ = try? await connection.query("ROLLBACK TO SAVEPOINT push", logger: AccessTests.logger)
                let info = (error as? PSQLError)?.serverInfo
                return .refused(state: info?[.sqlState], message: info?[.message] ?? "\(error)")
            }
        }

        @Test("the device and the server bound the same columns, alike")
        func sameBoundsBothSides() async throws {
            let onServer = try await PostgresTestServer.withDatabase { server in
                try await PostgresTestServer.migrate(server)
                return try await server.withTestConnection { connection in
                    try await connection.rows(
                        (String, String, Int, String).self,
                        "SELECT table_name, column_name, most, unit FROM sync_bounds()")
                }
            }
            let server = Set(onServer.map { "\($0.0).\($0.1) \($0.2) \($0.3)" })
            let device = Set(SyncBounds.columns.map { "\($0.table).\($0.column) \($0.most) \($0.unit.rawValue)" })
            #expect(server == device)
            #expect(
                device.contains("exercise_logs.notes 1000 characters")
                    && device.contains("programmes.programme 262144 bytes"))
        }

        @Test(
            "each bound: a value at it is taken, one longer refuses the whole push naming the row and column",
            arguments: SyncBounds.columns)
        func eachBound(_ bound: SyncBounds.Bound) async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    let fits = Self.row(bound.table, bound.column, Self.value(bound, length: bound.most))
                    let taken = await Self.push(try Self.changes([bound.table: [fits]]), on: connection)
                    guard case .taken(let actions) = taken, actions == ["insert"] || actions == ["update"] else {
                        Issue.record("\(bound.table).\(bound.column) at its bound was not taken: \(taken)")
                        return
                    }

                    let over = Self.row(bound.table, bound.column, Self.value(bound, length: bound.most + 1))
                    // With a row that fits beside it: the push is refused whole.
                    let sets = [
                        [
                            "id": "50000000-0000-4000-8000-0000000000a9",
                            "exercise_log_id": "40000000-0000-4000-8000-00000000000a", "set_number": 9, "reps": 8,
                            "weight_kg": 60, "completed": 0, "completed_at": NSNull(),
                            "logged_at": "2026-01-06T08:00:00.000Z", "updated_at": "2026-01-06T08:00:00.000Z",
                            "base": NSNull(),
                        ] as [String: Any]
                    ]
                    let before = try await AccessTests.count("SELECT count(*) FROM logged_sets", on: connection)
                    let refused = await Self.push(
                        try Self.changes([bound.table: [over], "logged_sets": sets]), on: connection)
                    guard case .refused(let state, let message) = refused else {
                        Issue.record("\(bound.table).\(bound.column) over its bound was taken: \(refused)")
                        return
                    }
                    let id = (over["id"] as? String) ?? ""
                    #expect(state == "22001")
                    #expect(
                        message == "nothing synced: \(bound.table) \(id): \(bound.column) is \(bound.most + 1) "
                            + "\(bound.unit.rawValue) long; at most \(bound.most)", "\(message)")
                    #expect(try await AccessTests.count("SELECT count(*) FROM logged_sets", on: connection) == before)

                    // Written directly (the app's REST calls), the table's own CHECK refuses it too.
                    let literal = Self.value(bound, length: bound.most + 1).replacingOccurrences(of: "'", with: "''")
                    let cast = bound.unit == .bytes ? "::jsonb" : ""
                    let direct = "UPDATE \(bound.table) SET \(bound.column) = '\(literal)'\(cast) WHERE id = '\(id)'"
                    #expect(await AccessTests.refusal(direct, on: connection) == "23514")
                }
            }
        }

        @Test("every text and JSON column of a user's table refuses a value of 300 KB")
        func everyTextColumnIsBounded() async throws {
            try await AccountServerTests.withTwoAccounts { server in
                try await PostgresTestServer.run(
                    script: """
                        INSERT INTO deleted_rows (row_id, user_id, table_name, deleted_at)
                        VALUES ('70000000-0000-4000-8000-00000000000a', '\(Log.userA)', 'workouts', now());
                        INSERT INTO subscriptions (user_id, original_transaction_id, product_id, plan, environment,
                            expires_at, is_trial, signed_at)
                        VALUES ('\(Log.userA)', '1000000000000001', 'app.train.ios.annual', 'annual', 'Production',
                            now() + interval '7 days', true, now())
                        """, on: server)
                try await server.withTestConnection { connection in
                    let columns = try await connection.rows(
                        (String, String, String).self,
                        """
                        SELECT c.table_name::text, c.column_name::text, c.data_type::text
                        FROM information_schema.columns AS c JOIN user_tables() AS u(name) ON u.name = c.table_name
                        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'jsonb', 'character varying')
                        ORDER BY 1, 2
                        """)
                    #expect(columns.count >= 15, "\(columns.count) columns")
                    try await connection.query("BEGIN", logger: AccessTests.logger)
                    for (table, column, type) in columns {
                        let huge = type == "jsonb" ? "to_jsonb(repeat('x', 300000))" : "repeat('x', 300000)"
                        let rows = try await AccessTests.count(
                            "SELECT count(*) FROM \(table) WHERE user_id = '\(Log.userA)'", on: connection)
                        #expect(rows > 0, "\(table) has no row to try")
                        let state = await AccessTests.refusal(
                            "UPDATE \(table) SET \(column) = \(huge) WHERE user_id = '\(Log.userA)'", on: connection)
                        #expect(state == "23514", "\(table).\(column) took 300 KB (\(state ?? "stored"))")
                    }
                    try await connection.query("ROLLBACK", logger: AccessTests.logger)
                }
            }
        }

        @Test("a push carries at most 2,000 rows and deletions: 2,000 are taken, 2,001 refused whole")
        func rowsPerPush() async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    func tombstones(_ count: Int, from first: Int) -> [[String: Any]] {
                        (first..<(first + count)).map { number in
                            [
                                "row_id": String(format: "80000000-0000-4000-8000-%012d", number),
                                "table_name": "logged_sets",
                                "deleted_at": "2026-01-06T08:00:00.000Z",
                            ]
                        }
                    }
                    let set = Self.row("workouts", "session_name", "Pull")
                    let refused = await Self.push(
                        try Self.changes(["workouts": [set]], deletions: tombstones(2_000, from: 0)), on: connection)
                    guard case .refused(let state, let message) = refused else {
                        Issue.record("2,001 rows and deletions were taken")
                        return
                    }
                    #expect(state == "PT413")
                    #expect(
                        message
                            == "nothing synced: a push carries at most 2000 rows and deletions, "
                            + "and this one carries 2001"
                    )
                    #expect(try await AccessTests.count("SELECT count(*) FROM deleted_rows", on: connection) == 0)
                    #expect(try await AccessTests.count("SELECT count(*) FROM workouts", on: connection) == 1)

                    let taken = await Self.push(
                        try Self.changes(["workouts": [set]], deletions: tombstones(1_999, from: 0)), on: connection)
                    guard case .taken(let actions) = taken else {
                        Issue.record("2,000 rows and deletions were refused: \(taken)")
                        return
                    }
                    #expect(actions == ["insert"])
                    #expect(try await AccessTests.count("SELECT count(*) FROM deleted_rows", on: connection) == 1_999)
                }
            }
        }
    }
}

extension PostgresTests.SyncTests {
    /// Runs `sql` on the device's log from a connection of its own, as the app writes beside a sync.
    static func write(_ device: SyncDevice, _ sql: String, _ arguments: StatementArguments = []) throws {
        let queue = try DatabaseQueue(path: device.path)
        try queue.write { db in try db.execute(sql: sql, arguments: arguments) }
        try queue.close()
    }

    @Test("a value over its bound is refused on the device, before anything is sent, naming the row")
    func overlongRefusedOnTheDevice() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try Self.write(
                a, "UPDATE exercise_logs SET notes = ? WHERE position = 1", [String(repeating: "é", count: 1_001)])
            let queue = try DatabaseQueue(path: a.path)
            let id = try #require(
                try await queue.read { try String.fetchOne($0, sql: "SELECT id FROM exercise_logs WHERE position = 1") }
            )
            try queue.close()
            let before = try Self.rows(a)
            // Nothing listens on port 9: a sync that sent anything would fail there instead.
            let nowhere = try PostgresURL("postgres://postgres@127.0.0.1:9/none")
            for target in [nowhere, server] {
                let error = await #expect(throws: PostgresStoreError.self) {
                    try await LogSync().sync(userDatabase: a.path, with: target, user: Self.user)
                }
                #expect(error?.code == "sync.value_too_long")
                #expect(
                    error?.message.hasPrefix(
                        "nothing synced: exercise_logs \(id): notes is 1001 characters long; at most 1000") == true,
                    "\(error?.message ?? "")")
            }
            #expect(try Self.rows(a) == before)
            #expect(try await Self.owners("workouts", server)[Self.user] == nil)
        }
    }

    @Test("a device with more than 2,000 rows to send sends them in several pushes, in one sync")
    func severalPushesInOneSync() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            // 2,100 more sets under the first exercise, as a first sync of a long history brings.
            try Self.write(
                a,
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2100)
                INSERT INTO logged_sets (id, exercise_log_id, set_number, reps, weight_kg, completed, completed_at,
                    logged_at, updated_at)
                SELECT printf('90000000-0000-4000-8000-%012d', i),
                       (SELECT id FROM exercise_logs ORDER BY position LIMIT 1), 100 + i, 8, 60, 1,
                       '2026-01-05T18:30:00.000Z', '2026-01-05T18:30:00.000Z', '2026-01-05T18:30:00.000Z'
                FROM n
                """)
            let rows = try Self.rows(a).values.reduce(0) { $0 + $1.count }
            #expect(rows > 2_100)
            let report = try await Self.sync(a, server)
            #expect(report.pushed == rows && report.conflicts.isEmpty)
            #expect(try await Self.owners("logged_sets", server)[Self.user] == Self.rows(a)["logged_sets"]?.count)
            let idle = try await Self.sync(a, server)
            #expect(idle.pushed == 0 && idle.pulled == 0)
            _ = try await Self.sync(b, server)
            #expect(try Self.rows(a) == Self.rows(b))
        }
    }
}
