import Foundation
import PostgresNIO
import PostgresStore
import Testing

extension PostgresTests {
    /// The account's server side (business rules §12): a user's profile, a copy of everything
    /// they own and its deletion, run as the user under row-level security, tried with two users.
    @Suite("account: profile, export and delete as the user")
    struct AccountServerTests {
        typealias Log = LogAccessTests
        static let claimsB = #"{"role": "authenticated", "sub": "\#(Log.userB)"}"#

        static func profile(_ user: String) -> String {
            """
            INSERT INTO auth.users (id, email) VALUES ('\(user)', '\(user.prefix(1))@example.com');
            INSERT INTO profiles (user_id, gender, date_of_birth, height_cm, height_unit, weight_kg, weight_unit,
                motivations) VALUES ('\(user)', 'female', '1990-04-12', 170.2, 'ftIn', 69.853, 'lbs', '["structure"]');
            """
        }

        /// Both users' logs and profiles.
        static func withTwoAccounts(_ body: (PostgresURL) async throws -> Void) async throws {
            try await Log.withTwoUsers { server in
                try await PostgresTestServer.run(script: profile(Log.userA) + profile(Log.userB), on: server)
                try await body(server)
            }
        }

        /// Rows `user` owns in every user table, by table, counted by the superuser.
        static func owned(_ user: String, on server: PostgresURL) async throws -> [String: Int] {
            var counts: [String: Int] = [:]
            try await server.withTestConnection { connection in
                for table in ["profiles", "user_settings", "programmes", "workouts", "exercise_logs", "logged_sets"] {
                    counts[table] = try await AccessTests.count(
                        "SELECT count(*) FROM \(table) WHERE user_id = '\(user)'", on: connection)
                }
            }
            return counts
        }

        static func json(_ sql: String, on connection: PostgresConnection) async throws -> [String: Any] {
            var text = ""
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: AccessTests.logger)
                .decode(String.self)
            { text = value }
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        }

        /// The SQLSTATE of a statement whose error may come with its rows (a function's RAISE),
        /// nil when it runs; the transaction goes on either way.
        static func failure(_ sql: String, on connection: PostgresConnection) async -> String? {
            do {
                try await connection.query("SAVEPOINT attempt", logger: AccessTests.logger)
                for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: AccessTests.logger)
                {}
                try await connection.query("RELEASE SAVEPOINT attempt", logger: AccessTests.logger)
                return nil
            } catch {
                _ = try? await connection.query("ROLLBACK TO SAVEPOINT attempt", logger: AccessTests.logger)
                return (error as? PSQLError)?.serverInfo?[.sqlState] ?? "\(error)"
            }
        }

        @Test("export_my_data: every row the user owns, no one else's, without user_id")
        func export() async throws {
            try await Self.withTwoAccounts { server in
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    let export = try await Self.json("SELECT export_my_data()::text", on: connection)
                    #expect(export["user_id"] as? String == Log.userA)
                    let tables = try #require(export["tables"] as? [String: [[String: Any]]])
                    #expect(
                        tables.mapValues(\.count) == [
                            "profiles": 1, "user_settings": 1, "programmes": 1, "workouts": 1, "exercise_logs": 1,
                            "logged_sets": 2, "deleted_rows": 0, "subscriptions": 0,
                        ])
                    let text = "\(tables)"
                    #expect(!text.contains(Log.userB) && !text.contains("-00000000000b"), "B's rows in A's export")
                    #expect(tables.values.joined().allSatisfy { $0["user_id"] == nil })
                    #expect(tables["profiles"]?.first?["height_cm"] as? Double == 170.2)
                }
            }
        }

        @Test("delete_my_data: every row of the user in one go; B's rows and the catalogue untouched")
        func delete() async throws {
            try await Self.withTwoAccounts { server in
                let catalogue = try await server.withTestConnection { connection in
                    try await AccessTests.count("SELECT count(*) FROM exercises", on: connection)
                }
                let before = try await Self.owned(Log.userB, on: server)
                let deleted = try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) {
                    connection in
                    let deleted = try await Self.json("SELECT delete_my_data()::text", on: connection)
                    try await connection.query("COMMIT", logger: AccessTests.logger)
                    try await connection.query("BEGIN", logger: AccessTests.logger)
                    return deleted.compactMapValues { ($0 as? NSNumber)?.intValue }
                }
                #expect(
                    deleted == [
                        "profiles": 1, "user_settings": 1, "programmes": 1, "workouts": 1, "exercise_logs": 1,
                        "logged_sets": 2, "deleted_rows": 0, "subscriptions": 0,
                    ])
                let afterA = try await Self.owned(Log.userA, on: server)
                #expect(afterA.values.allSatisfy { $0 == 0 })
                #expect(try await Self.owned(Log.userB, on: server) == before)
                #expect(before.values.allSatisfy { $0 > 0 })
                let after = try await server.withTestConnection { connection in
                    try await AccessTests.count("SELECT count(*) FROM exercises", on: connection)
                }
                #expect(after == catalogue && catalogue > 0)
            }
        }

        @Test("anon can neither export nor delete; a token without a user deletes nothing")
        func anonymous() async throws {
            try await Self.withTwoAccounts { server in
                try await AccessTests.asRole("anon", claims: #"{"role": "anon"}"#, on: server) { connection in
                    #expect(await Self.failure("SELECT delete_my_data()", on: connection) == "42501")
                    #expect(await Self.failure("SELECT export_my_data()", on: connection) == "42501")
                    #expect(await Self.failure("SELECT erase_user_rows('\(Log.userA)')", on: connection) == "42501")
                }
                try await AccessTests.asRole("authenticated", claims: #"{"role": "authenticated"}"#, on: server) {
                    connection in
                    #expect(await Self.failure("SELECT delete_my_data()", on: connection) == "42501")
                }
                try await AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                    // Naming another user deletes nothing of theirs: row-level security confines it.
                    let deleted = try await Self.json("SELECT erase_user_rows('\(Log.userB)')::text", on: connection)
                    #expect(deleted.count == 8 && deleted.values.allSatisfy { ($0 as? NSNumber)?.intValue == 0 })
                }
                let keptB = try await Self.owned(Log.userB, on: server)
                #expect(keptB.values.allSatisfy { $0 > 0 })
            }
        }

        @Test("deleting the user from Supabase Auth deletes their rows")
        func authUserDeleted() async throws {
            try await Self.withTwoAccounts { server in
                try await PostgresTestServer.run(script: "DELETE FROM auth.users WHERE id = '\(Log.userB)'", on: server)
                let (deletedB, keptA) = (
                    try await Self.owned(Log.userB, on: server), try await Self.owned(Log.userA, on: server)
                )
                #expect(deletedB.values.allSatisfy { $0 == 0 })
                #expect(keptA.values.allSatisfy { $0 > 0 })
            }
        }

        @Test("profiles: each user their own; ages 18-100 and the questionnaire's ranges enforced")
        func profiles() async throws {
            try await Self.withTwoAccounts { server in
                try await AccessTests.asRole("authenticated", claims: Self.claimsB, on: server) { connection in
                    let visible = try await AccessTests.count("SELECT count(*) FROM profiles", on: connection)
                    #expect(visible == 1)
                    #expect(
                        await AccessTests.refusal(
                            "UPDATE profiles SET date_of_birth = current_date - interval '17 years'", on: connection)
                            == "23514")
                    #expect(
                        await AccessTests.refusal(
                            "UPDATE profiles SET date_of_birth = current_date - interval '101 years'", on: connection)
                            == "23514")
                    #expect(await AccessTests.refusal("UPDATE profiles SET height_cm = 500", on: connection) == "23514")
                    #expect(await AccessTests.refusal("UPDATE profiles SET weight_kg = 20", on: connection) == "23514")
                    #expect(
                        await AccessTests.refusal(
                            "UPDATE profiles SET motivation_other = 'x' WHERE NOT motivations ? 'other'",
                            on: connection) == "23514")
                    #expect(
                        await AccessTests.refusal(
                            #"UPDATE profiles SET motivations = '["fame"]'"#, on: connection) == "23514")
                    #expect(
                        await AccessTests.refusal(
                            "INSERT INTO profiles (user_id) VALUES ('\(Log.userA)')", on: connection) == "42501")
                    #expect(await AccessTests.refusal("UPDATE profiles SET gender = 'other'", on: connection) == nil)
                }
            }
        }
    }
}
