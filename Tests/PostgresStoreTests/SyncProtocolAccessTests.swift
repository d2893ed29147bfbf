import Foundation
import PostgresNIO
import PostgresStore
import Testing

extension PostgresTests {
    /// The sync's functions (migrations 0008, 0011) as the app calls them through Supabase's `rpc`:
    /// each user pulls and pushes their own rows only, and `anon` cannot call them at all.
    @Suite("sync_pull, sync_push and sync_exchange under row-level security")
    struct SyncProtocolAccessTests {
        typealias Log = LogAccessTests
        static let claimsB = #"{"role": "authenticated", "sub": "\#(Log.userB)"}"#

        /// `sync_pull(since)` as the connection's user, decoded.
        static func pull(_ since: Int, on connection: PostgresConnection) async throws -> [String: Any] {
            var text = "{}"
            for try await answer in try await connection.query(
                "SELECT sync_pull(\(since))::text", logger: AccessTests.logger
            ).decode(String.self) {
                text = answer
            }
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        static func ids(_ pulled: [String: Any], _ table: String) -> [String] {
            ((pulled["tables"] as? [String: Any])?[table] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }

        @Test("each user pulls their own rows, in the device's formats, and nothing of the other's")
        func pullIsPerUser() async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    let pulled = try await Self.pull(0, on: connection)
                    #expect(Self.ids(pulled, "workouts") == ["30000000-0000-4000-8000-00000000000a"])
                    #expect(Self.ids(pulled, "logged_sets").count == 2)
                    let workout = ((pulled["tables"] as? [String: Any])?["workouts"] as? [[String: Any]])?.first
                    #expect(workout?["started_at"] as? String == "2026-01-05T18:00:00.000Z")
                    #expect(workout?["user_id"] == nil && workout?["change_seq"] == nil)
                    let cursor = try #require(pulled["cursor"] as? Int)
                    let again = try await Self.pull(cursor, on: connection)
                    #expect(Self.ids(again, "workouts").isEmpty && Self.ids(again, "logged_sets").isEmpty)
                }
                try await AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) { connection in
                    let pulled = try await Self.pull(0, on: connection)
                    #expect(Self.ids(pulled, "workouts") == ["30000000-0000-4000-8000-00000000000b"])
                }
            }
        }

        @Test("a push names its caller: a row with another user's id becomes the caller's own, theirs untouched")
        func pushIsPerUser() async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) { connection in
                    // B pushes a programme under A's programme id, claiming A as its owner.
                    let changes = """
                        {"deletions": [{"row_id": "30000000-0000-4000-8000-00000000000a", "table_name": "workouts",
                          "deleted_at": "2026-01-06T08:00:00Z"}],
                         "tables": {"programmes": [{"id": "20000000-0000-4000-8000-00000000000a",
                          "user_id": "\(Log.userA)", "programme_id": "p", "created_date": "2026-01-05",
                          "start_date": "2026-01-05", "total_weeks": 8, "questionnaire": "{}", "programme": "{}",
                          "is_active": false, "started_at": "2026-01-05T18:00:00Z",
                          "replaced_at": "2026-01-06T08:00:00Z", "updated_at": "2026-01-06T08:00:00Z", "base": null}]}}
                        """
                    var outcome = ""
                    for try await text in try await connection.query(
                        "SELECT sync_push(\(changes)::jsonb)::text", logger: AccessTests.logger
                    ).decode(String.self) {
                        outcome = text
                    }
                    #expect(outcome.contains(#""action": "insert""#), "\(outcome)")
                    let mine = try await AccessTests.count(
                        "SELECT count(*) FROM programmes WHERE id = '20000000-0000-4000-8000-00000000000a'",
                        on: connection)
                    #expect(mine == 1)
                }
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    let pulled = try await Self.pull(0, on: connection)
                    // A's workout is not deleted by B's tombstone, and A's programme is as it was.
                    #expect(Self.ids(pulled, "workouts") == ["30000000-0000-4000-8000-00000000000a"])
                    let programme = ((pulled["tables"] as? [String: Any])?["programmes"] as? [[String: Any]])?.first
                    #expect(programme?["is_active"] as? Int == 1)
                }
            }
        }

        /// `sync_exchange(changes, since)` (migration 0011) as the connection's user, decoded.
        static func exchange(_ changes: String, since: Int, on connection: PostgresConnection) async throws
            -> (pushed: [[String: Any]], pulled: [String: Any])
        {
            var text = "{}"
            for try await answer in try await connection.query(
                "SELECT sync_exchange(\(changes)::jsonb, \(since))::text", logger: AccessTests.logger
            ).decode(String.self) {
                text = answer
            }
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return (
                try #require(answer["pushed"] as? [[String: Any]], "\(text)"),
                try #require(answer["pulled"] as? [String: Any], "\(text)")
            )
        }

        @Test("one call pushes, then pulls what changed: the rows just pushed count for the cursor and stay put")
        func exchangePushesThenPulls() async throws {
            try await Log.withTwoUsers { server in
                let set = "50000000-0000-4000-8000-0000000000b3"
                try await AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) { connection in
                    let changes = """
                        {"deletions": [], "tables": {"logged_sets": [{"id": "\(set)",
                          "exercise_log_id": "40000000-0000-4000-8000-00000000000b", "set_number": 3, "reps": 8,
                          "weight_kg": 60, "completed": 1, "completed_at": "2026-01-05T18:10:00.000Z",
                          "logged_at": "2026-01-05T18:10:00.000Z", "updated_at": "2026-01-05T18:10:00.000Z",
                          "base": null}]}}
                        """
                    let first = try await Self.exchange(changes, since: 0, on: connection)
                    #expect(first.pushed.map { $0["action"] as? String } == ["insert"])
                    // Everything of B's comes down but the set this call wrote, which the device holds.
                    let sets = Self.ids(first.pulled, "logged_sets")
                    #expect(sets.count == 2 && !sets.contains(set), "\(sets)")
                    #expect(Self.ids(first.pulled, "workouts") == ["30000000-0000-4000-8000-00000000000b"])
                    // The cursor is past the set: the next sync brings nothing, however often it runs.
                    let cursor = try #require(first.pulled["cursor"] as? Int)
                    let again = try await Self.exchange(
                        #"{"deletions": [], "tables": {}}"#, since: cursor, on: connection)
                    #expect(again.pushed.isEmpty)
                    for table in ["programmes", "workouts", "exercise_logs", "logged_sets"] {
                        #expect(Self.ids(again.pulled, table).isEmpty, "\(table) came down again")
                    }
                    #expect(again.pulled["cursor"] as? Int == cursor)
                }
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    let pulled = try await Self.pull(0, on: connection)
                    #expect(!Self.ids(pulled, "logged_sets").contains(set))
                }
            }
        }

        @Test("a push that asks the short answer hears of every row but those inserted; one that does not, of all")
        func shortAnswerLeavesInsertsOut() async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) { connection in
                    // B's own workout again, changed (an update on its base), and a set the server lacks.
                    let rows = """
                        "tables": {"workouts": [{"id": "30000000-0000-4000-8000-00000000000b",
                          "programme_id": "20000000-0000-4000-8000-00000000000b", "session_id": "s",
                          "session_name": "Upper B", "state": "completed",
                          "started_at": "2026-01-05T18:00:00.000Z", "completed_at": "2026-01-05T19:00:00.000Z",
                          "duration_seconds": 3600, "increased_reps": null, "increased_load_kg": null,
                          "rest_dismissed_at": null, "updated_at": "2026-01-06T09:00:00.000Z",
                          "base": "BASE"}],
                         "logged_sets": [{"id": "SET",
                          "exercise_log_id": "40000000-0000-4000-8000-00000000000b", "set_number": NUMBER, "reps": 8,
                          "weight_kg": 60, "completed": 1, "completed_at": "2026-01-05T18:10:00.000Z",
                          "logged_at": "2026-01-05T18:10:00.000Z", "updated_at": "2026-01-05T18:10:00.000Z",
                          "base": null}]}
                        """
                    let base = try await Self.pull(0, on: connection)
                    let workout = ((base["tables"] as? [String: Any])?["workouts"] as? [[String: Any]])?.first
                    let version = try #require(workout?["updated_at"] as? String)
                    func push(_ set: String, short: Bool, base: String) -> String {
                        "{" + (short ? #""answer": "short", "# : "") + #""deletions": [], "#
                            + rows.replacingOccurrences(of: "SET", with: set).replacingOccurrences(
                                of: "BASE", with: base
                            )
                            .replacingOccurrences(of: "NUMBER", with: set.suffix(1))
                            + "}"
                    }
                    let short = try await Self.exchange(
                        push("50000000-0000-4000-8000-0000000000b3", short: true, base: version), since: 0,
                        on: connection)
                    // The set was inserted: not listed. The workout was updated: listed.
                    #expect(short.pushed.map { $0["action"] as? String } == ["update"], "\(short.pushed)")
                    #expect(short.pushed.first?["id"] as? String == "30000000-0000-4000-8000-00000000000b")
                    // The same push again is kept as it is: both rows listed as "same".
                    let replay = try await Self.exchange(
                        push("50000000-0000-4000-8000-0000000000b3", short: true, base: version), since: 0,
                        on: connection)
                    #expect(
                        replay.pushed.compactMap { $0["action"] as? String } == ["same", "same"], "\(replay.pushed)")
                    // An app in the field asks nothing: every row, the set inserted among them.
                    let full = try await Self.exchange(
                        push("50000000-0000-4000-8000-0000000000b4", short: false, base: "2026-01-06T09:00:00.000Z"),
                        since: 0, on: connection)
                    #expect(
                        full.pushed.compactMap { $0["action"] as? String }.sorted() == ["insert", "same"],
                        "\(full.pushed)")
                }
            }
        }

        @Test("one call also answers the caller's own subscription, in the device's formats, and null for none")
        func exchangeAnswersTheSubscription() async throws {
            try await Log.withTwoUsers { server in
                try await PostgresTestServer.subscribe(
                    server, user: Log.userA, original: "2000000000000001", expires: "2026-01-12T08:00:00Z", trial: true,
                    signed: "2026-01-05T08:00:00Z")
                for (claims, expected) in [(Log.claimsA, "2026-01-12T08:00:00.000Z"), (Self.claimsB, nil)] {
                    try await AccessTests.asRole("authenticated", claims: claims, on: server) { connection in
                        var text = "{}"
                        for try await answer in try await connection.query(
                            "SELECT sync_exchange('{\"deletions\": [], \"tables\": {}}'::jsonb, 0)::text",
                            logger: AccessTests.logger
                        ).decode(String.self) {
                            text = answer
                        }
                        let answer = try #require(
                            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                        let subscription = try #require(answer["subscription"], "no subscription in \(text)")
                        guard let expected else {
                            // B holds none, and never sees A's.
                            #expect(subscription is NSNull, "\(text)")
                            return
                        }
                        let row = try #require(subscription as? [String: Any], "\(text)")
                        #expect(row["plan"] as? String == "annual")
                        #expect(row["expires_at"] as? String == expected)
                        #expect((row["is_trial"] as? NSNumber)?.boolValue == true)
                        #expect((row["will_renew"] as? NSNumber)?.boolValue == true)
                        #expect(row["revoked_at"] is NSNull)
                        #expect((row["checked_at"] as? String)?.hasSuffix("Z") == true)
                    }
                }
            }
        }

        @Test("anon cannot call the sync's functions")
        func anonRefused() async throws {
            try await Log.withTwoUsers { server in
                try await AccessTests.asRole("anon", claims: #"{"role": "anon"}"#, on: server) { connection in
                    #expect(await AccessTests.refusal("SELECT sync_pull(0)", on: connection) == "42501")
                    #expect(
                        await AccessTests.refusal(#"SELECT sync_push('{"tables": {}}')"#, on: connection) == "42501")
                    #expect(
                        await AccessTests.refusal(#"SELECT sync_exchange('{"tables": {}}', 0)"#, on: connection)
                            == "42501")
                }
                // Refused by its own grants, not only by those of the functions it calls.
                try await server.withConnection(applicationName: "traindb tests", logger: AccessTests.logger) {
                    connection in
                    for function in ["sync_pull(bigint)", "sync_push(jsonb)", "sync_exchange(jsonb, bigint)"] {
                        let granted = try await AccessTests.count(
                            "SELECT has_function_privilege('anon', '\(function)', 'EXECUTE')::int", on: connection)
                        #expect(granted == 0, "anon may call \(function)")
                    }
                }
                // A signed-in role without a user (no `sub`) is refused too.
                try await AccessTests.asRole("authenticated", claims: #"{"role": "authenticated"}"#, on: server) {
                    connection in
                    // The function itself refuses, while its rows are read.
                    var state: String?
                    do {
                        for try await _ in try await connection.query("SELECT sync_pull(0)", logger: AccessTests.logger)
                        {}
                    } catch {
                        state = (error as? PSQLError)?.serverInfo?[.sqlState]
                    }
                    #expect(state == "42501", "\(state ?? "accepted")")
                }
            }
        }
    }
}
