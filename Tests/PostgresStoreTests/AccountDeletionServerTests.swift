import Foundation
import PostgresNIO
import PostgresStore
import Testing

extension PostgresTests.AccountServerTests {
    @Test("after delete_my_data, sync_exchange, sync_push and sync_pull as the app calls them refuse the user (PT410)")
    func deletedAccountRefusedByRPC() async throws {
        try await Self.withTwoAccounts { server in
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                _ = try await Self.json("SELECT delete_my_data()::text", on: connection)
                try await connection.query("COMMIT", logger: PostgresTests.AccessTests.logger)
                try await connection.query("BEGIN", logger: PostgresTests.AccessTests.logger)
            }
            let keptB = try await Self.owned(Log.userB, on: server)
            let workout = #"""
                {"deletions": [{"row_id": "80000000-0000-4000-8000-000000000001", "table_name": "logged_sets",
                  "deleted_at": "2026-01-06T08:00:00.000Z"}],
                 "tables": {"workouts": [{"id": "80000000-0000-4000-8000-000000000002", "session_id": "s1",
                  "session_name": "Push", "state": "completed", "started_at": "2026-01-06T08:00:00.000Z",
                  "updated_at": "2026-01-06T08:00:00.000Z", "base": null}]}}
                """#
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                for call in [
                    "SELECT sync_exchange('\(workout)'::jsonb, 0)", "SELECT sync_push('\(workout)'::jsonb)",
                    "SELECT sync_pull(0)",
                ] {
                    #expect(await Self.failure(call, on: connection) == "PT410", "\(call)")
                }
                // Nor can the user take the record back, or read it.
                #expect(await Self.failure("DELETE FROM deleted_accounts", on: connection) == "42501")
                #expect(await Self.failure("SELECT count(*) FROM deleted_accounts", on: connection) == "42501")
                #expect(await Self.failure("SELECT record_account_deletion(auth.uid())", on: connection) == "42501")
            }
            let afterA = try await Self.owned(Log.userA, on: server)
            #expect(afterA.values.allSatisfy { $0 == 0 }, "\(afterA)")
            let tombstones = try await server.withTestConnection { connection in
                try await PostgresTests.AccessTests.count(
                    "SELECT count(*) FROM deleted_rows WHERE user_id = '\(Log.userA)'", on: connection)
            }
            #expect(tombstones == 0)
            // B, never deleted, syncs as ever.
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) {
                connection in
                #expect(await Self.failure("SELECT sync_pull(0)", on: connection) == nil)
            }
            #expect(try await Self.owned(Log.userB, on: server) == keptB)
        }
    }

    @Test("deleting the user from Supabase Auth records the deletion too; nothing else of theirs is kept")
    func authDeletionRecorded() async throws {
        try await Self.withTwoAccounts { server in
            try await PostgresTestServer.run(script: "DELETE FROM auth.users WHERE id = '\(Log.userB)'", on: server)
            let records = try await server.withTestConnection { connection in
                (
                    try await PostgresTests.AccessTests.count(
                        "SELECT count(*) FROM deleted_accounts WHERE account_id = '\(Log.userB)'", on: connection),
                    try await PostgresTests.AccessTests.count("SELECT count(*) FROM deleted_accounts", on: connection)
                )
            }
            #expect(records == (1, 1))
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) {
                connection in
                #expect(await Self.failure("SELECT sync_pull(0)", on: connection) == "PT410")
            }
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                #expect(await Self.failure("SELECT sync_pull(0)", on: connection) == nil)
            }
        }
    }
}
