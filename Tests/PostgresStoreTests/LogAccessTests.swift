import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import Testing

extension PostgresTests {
    /// Users' training logs on the server: each user reads and writes only their own rows, tried
    /// as Supabase runs a request (authenticator, the user's role and JWT claims).
    @Suite("access: each user's training log is their own")
    struct LogAccessTests {
        static let userA = "a0000000-0000-4000-8000-00000000000a"
        static let userB = "b0000000-0000-4000-8000-00000000000b"
        static let claimsA = #"{"role": "authenticated", "sub": "\#(userA)"}"#

        /// A programme, a completed workout, an exercise and two sets for each user (ids end
        /// in the user's letter), written by the superuser.
        static func seed(_ user: String, _ letter: String) -> String {
            """
            INSERT INTO user_settings VALUES ('10000000-0000-4000-8000-00000000000\(letter)', '\(user)', 'kg',
                'Europe/London', '2026-01-05T18:00:00Z');
            INSERT INTO programmes VALUES ('20000000-0000-4000-8000-00000000000\(letter)', '\(user)', 'p',
                '2026-01-05', '2026-01-05', 8, '{}', '{}', true, '2026-01-05T18:00:00Z', NULL, '2026-01-05T18:00:00Z');
            INSERT INTO workouts VALUES ('30000000-0000-4000-8000-00000000000\(letter)', '\(user)',
                '20000000-0000-4000-8000-00000000000\(letter)', 'day-1', 'Push', 'completed', '2026-01-05T18:00:00Z',
                '2026-01-05T19:00:00Z', 3600, NULL, NULL, NULL, '2026-01-05T19:00:00Z');
            INSERT INTO exercise_logs VALUES ('40000000-0000-4000-8000-00000000000\(letter)', '\(user)',
                '30000000-0000-4000-8000-00000000000\(letter)', 'day-1-exercise-1', 1, 'push_up', 'push_up', 3, 8, 12,
                90, NULL, NULL, NULL, NULL, NULL, '2026-01-05T18:30:00Z');
            INSERT INTO logged_sets VALUES ('50000000-0000-4000-8000-00000000001\(letter)', '\(user)',
                '40000000-0000-4000-8000-00000000000\(letter)', 1, 10, 60, true, '2026-01-05T18:10:00Z',
                '2026-01-05T18:10:00Z', '2026-01-05T18:10:00Z');
            INSERT INTO logged_sets VALUES ('50000000-0000-4000-8000-00000000002\(letter)', '\(user)',
                '40000000-0000-4000-8000-00000000000\(letter)', 2, 9, 60, true, '2026-01-05T18:12:00Z',
                '2026-01-05T18:12:00Z', '2026-01-05T18:12:00Z');
            """
        }

        /// A server holding both users' logs.
        static func withTwoUsers(_ body: (PostgresURL) async throws -> Void) async throws {
            try await PostgresTestServer.withDatabase { server in
                _ = try await CataloguePublisher().publish(
                    try CatalogDatabase(path: try CatalogueFiles.committed()), to: server)
                try await PostgresTestServer.run(script: seed(userA, "a") + seed(userB, "b"), on: server)
                try await body(server)
            }
        }

        @Test("user A sees only A's rows, in every table of the log")
        func readsOwnRowsOnly() async throws {
            try await Self.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsA, on: server) { connection in
                    for table in ["user_settings", "programmes", "workouts", "exercise_logs", "logged_sets"] {
                        let mine = try await AccessTests.count(
                            "SELECT count(*) FROM \(table) WHERE user_id = '\(Self.userA)'", on: connection)
                        let all = try await AccessTests.count("SELECT count(*) FROM \(table)", on: connection)
                        #expect(mine > 0 && all == mine, "\(table): A sees \(all) rows, \(mine) of them A's")
                    }
                }
            }
        }

        @Test("user A can neither update nor delete B's workouts and sets")
        func cannotChangeOthersRows() async throws {
            try await Self.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsA, on: server) { connection in
                    let changes = [
                        "UPDATE workouts SET session_name = 'Hacked' WHERE user_id = '\(Self.userB)'",
                        "UPDATE logged_sets SET reps = 1 WHERE user_id = '\(Self.userB)'",
                        "DELETE FROM logged_sets WHERE user_id = '\(Self.userB)'",
                        "DELETE FROM workouts WHERE user_id = '\(Self.userB)'",
                    ]
                    for change in changes {
                        let touched = try await AccessTests.count(
                            "WITH c AS (\(change) RETURNING 1) SELECT count(*) FROM c", on: connection)
                        #expect(touched == 0, "A changed B's rows: \(change)")
                    }
                    #expect(
                        await AccessTests.refusal(
                            "UPDATE logged_sets SET user_id = '\(Self.userB)' WHERE user_id = '\(Self.userA)'",
                            on: connection) == "42501", "A gave a set to B")
                }
                try await PostgresTestServer.run(
                    script: "DO $$ BEGIN IF (SELECT count(*) FROM logged_sets WHERE user_id = '\(Self.userB)') <> 2 "
                        + "OR EXISTS (SELECT 1 FROM workouts WHERE session_name = 'Hacked') "
                        + "THEN RAISE 'B''s rows changed'; END IF; END $$",
                    on: server)
            }
        }

        @Test("user A cannot add rows owned by B, nor hang a row on B's")
        func cannotInsertForOthers() async throws {
            try await Self.withTwoUsers { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsA, on: server) { connection in
                    let ownedByB = """
                        INSERT INTO logged_sets (id, user_id, exercise_log_id, set_number, reps, weight_kg, completed,
                            completed_at, logged_at, updated_at)
                        VALUES ('50000000-0000-4000-8000-0000000000ff', '\(Self.userB)',
                            '40000000-0000-4000-8000-00000000000b', 3, 10, 60, true, now(), now(), now())
                        """
                    #expect(await AccessTests.refusal(ownedByB, on: connection) == "42501")
                    // Owned by A (the default) but under B's exercise: the foreign key includes the owner.
                    let underB = """
                        INSERT INTO logged_sets (id, exercise_log_id, set_number, reps, weight_kg, completed,
                            completed_at, logged_at, updated_at)
                        VALUES ('50000000-0000-4000-8000-0000000000fe',
                            '40000000-0000-4000-8000-00000000000b', 3, 10, 60, true, now(), now(), now())
                        """
                    #expect(await AccessTests.refusal(underB, on: connection) == "23503")
                }
            }
        }

        @Test("anon reads and writes no one's log")
        func anonSeesNothing() async throws {
            try await Self.withTwoUsers { server in
                try await AccessTests.asRole("anon", claims: #"{"role": "anon"}"#, on: server) { connection in
                    for table in ["user_settings", "workouts", "logged_sets", "deleted_rows"] {
                        #expect(await AccessTests.refusal("SELECT * FROM \(table)", on: connection) == "42501")
                    }
                }
            }
        }
    }
}
