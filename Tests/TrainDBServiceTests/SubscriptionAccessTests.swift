import Foundation
import Logging
import PostgresNIO
import PostgresStore
import Testing

/// Who may read and write the subscriptions (migration 0015), as the app's roles would try
/// through Supabase's API: each statement as a user in one transaction.
@Suite(
    "subscriptions under row-level security",
    .enabled(
        if: ServiceFixture.runs,
        "subscription access tests skipped: TRAINDB_POSTGRES_URL is not set (make pg starts a local server)"),
    .serialized)
struct SubscriptionAccessTests {
    static let alice = ServiceTests.alice
    static let bob = ServiceTests.bob

    /// `sql` run as `user` in `role`; the first column of each row, as text, or the server's refusal.
    static func run(_ sql: String, as user: String, role: String = "authenticated", on database: PostgresURL)
        async throws -> Result<[String], PostgresStoreError>
    {
        let connection = try await database.connect(applicationName: "traindb tests", logger: ServiceFixture.logger)
        defer { Task { try? await connection.close() } }
        do {
            let rows = try await UserSession(connection: connection, logger: ServiceFixture.logger).run(
                user: user, role: role, doing: "refused"
            ) { connection in
                var rows: [String] = []
                for try await text in try await connection.query(
                    PostgresQuery(unsafeSQL: sql), logger: ServiceFixture.logger
                )
                .decode(String?.self) {
                    rows.append(text ?? "NULL")
                }
                return rows
            }
            return .success(rows)
        } catch let error as PostgresStoreError {
            return .failure(error)
        }
    }

    static func seed(_ database: PostgresURL) async throws {
        for (user, original) in [(alice, "1000000000000001"), (bob, "1000000000000002")] {
            let answer = try await run(
                """
                SELECT subscription_apply('\(user)', '\(original)', 'app.train.ios.annual', 'annual', 'Production',
                    now() + interval '7 days', true, NULL, now(), NULL, NULL, NULL)
                """, as: user, role: "service_role", on: database)
            #expect(try answer.get() == ["applied"])
        }
    }

    @Test("a user reads their own subscription only, and cannot write one")
    func readOwn() async throws {
        try await ServiceFixture.with { fixture in
            try await Self.seed(fixture.database)
            let mine = try await Self.run(
                "SELECT user_id::text FROM subscriptions", as: Self.alice, on: fixture.database)
            #expect(try mine.get() == [Self.alice])
            let writes = [
                "INSERT INTO subscriptions (user_id, original_transaction_id, product_id, plan, environment, "
                    + "expires_at, is_trial, signed_at) VALUES ('\(Self.alice)', '9', 'p', 'annual', 'Production', "
                    + "now() + interval '10 years', false, now()) RETURNING 'x'",
                "UPDATE subscriptions SET expires_at = now() + interval '10 years' RETURNING 'x'",
                "SELECT subscription_apply('\(Self.alice)', '1000000000000001', 'p', 'annual', 'Production', "
                    + "now() + interval '10 years', false, NULL, now() + interval '1 day', NULL, NULL, NULL)",
                "SELECT app_store_notification_take(gen_random_uuid(), 'DID_RENEW', NULL, now(), NULL, NULL, NULL, "
                    + "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
                "SELECT count(*)::text FROM app_store_notifications",
            ]
            for sql in writes {
                let result = try await Self.run(sql, as: Self.alice, on: fixture.database)
                guard case .failure(let error) = result else {
                    Issue.record("a user was allowed: \(sql)")
                    continue
                }
                #expect(error.code == "postgres.permission_denied", "\(sql)")
            }
            let anon = try await Self.run(
                "SELECT user_id::text FROM subscriptions", as: Self.alice, role: "anon", on: fixture.database)
            #expect((try? anon.get()) == nil)
            #expect(
                try await fixture.count(
                    "SELECT count(*)::int FROM subscriptions WHERE expires_at > now() + interval '1 year'") == 0)
        }
    }

    @Test("deleting the account deletes the user's subscription and no one else's")
    func accountDeletion() async throws {
        try await ServiceFixture.with { fixture in
            try await Self.seed(fixture.database)
            let tables = try await Self.run("SELECT user_tables()", as: Self.alice, on: fixture.database)
            #expect(try tables.get().contains("subscriptions"))
            let deleted = try await Self.run("SELECT delete_my_data()::text", as: Self.alice, on: fixture.database)
            let counts = try #require(try deleted.get().first)
            #expect(counts.contains("\"subscriptions\": 1"))
            #expect(
                try await fixture.count("SELECT count(*)::int FROM subscriptions WHERE user_id = '\(Self.alice)'") == 0)
            #expect(
                try await fixture.count("SELECT count(*)::int FROM subscriptions WHERE user_id = '\(Self.bob)'") == 1)
        }
    }

    /// The text of each row of `sql` on `connection` (the first column), or the server's SQLSTATE.
    static func rows(_ sql: String, on connection: PostgresConnection) async -> Result<[String], PSQLError> {
        do {
            var rows: [String] = []
            for try await text in try await connection.query(
                PostgresQuery(unsafeSQL: sql), logger: ServiceFixture.logger
            )
            .decode(String?.self) {
                rows.append(text ?? "NULL")
            }
            return .success(rows)
        } catch let error as PSQLError {
            return .failure(error)
        } catch {
            Issue.record("\(error)")
            return .success([])
        }
    }

    @Test("the service's one-statement read shows the named user's row alone, leaves no role, and is no app role's")
    func oneStatementRead() async throws {
        try await ServiceFixture.with { fixture in
            // Alice on the annual plan, Bob on the monthly one, Carol never subscribed.
            for (user, original, plan) in [
                (Self.alice, "1000000000000001", "annual"), (Self.bob, "1000000000000002", "monthly"),
            ] {
                let answer = try await Self.run(
                    """
                    SELECT subscription_apply('\(user)', '\(original)', 'app.train.ios.\(plan)', '\(plan)',
                        'Production', now() + interval '7 days', true, NULL, now(), NULL, NULL, NULL)
                    """, as: user, role: "service_role", on: fixture.database)
                #expect(try answer.get() == ["applied"])
            }
            let carol = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f"
            // As the service logs in on Supabase: one connection, one request after another.
            var login = fixture.database
            login.user = "authenticator"
            let connection = try await login.connect(applicationName: "traindb tests", logger: ServiceFixture.logger)
            defer { Task { try? await connection.close() } }
            let asFound = "SELECT current_user || ' ' || coalesce(current_setting('request.jwt.claims', true), '')"
            #expect(try await Self.rows(asFound, on: connection).get() == ["authenticator "])
            for (user, plans) in [
                (Self.alice, ["annual"]), (Self.bob, ["monthly"]), (carol, []), (Self.alice, ["annual"]),
            ] {
                let read = await Self.rows("SELECT plan FROM service_subscription('\(user)')", on: connection)
                #expect(try read.get() == plans, "\(user)")
                // Neither the role nor the user's claims outlive the call.
                #expect(try await Self.rows(asFound, on: connection).get() == ["authenticator "])
                let table = await Self.rows("SELECT user_id::text FROM subscriptions", on: connection)
                #expect(table.failure?.serverInfo?[.sqlState] == "42501")
            }
            // Not even inside a transaction the caller holds open: the function puts them back on return.
            #expect(try await Self.rows("BEGIN", on: connection).get() == [])
            #expect(
                try await Self.rows("SELECT plan FROM service_subscription('\(Self.bob)')", on: connection).get() == [
                    "monthly"
                ])
            #expect(try await Self.rows(asFound, on: connection).get() == ["authenticator "])
            #expect(try await Self.rows("COMMIT", on: connection).get() == [])
            // An app role, which Supabase's API would let name another user, may call neither function.
            for role in ["authenticated", "anon"] {
                for sql in [
                    "SELECT plan FROM service_subscription('\(Self.bob)')",
                    "SELECT replaced FROM service_programme_store('\(Self.bob)', now(), gen_random_uuid(), 'p', "
                        + "current_date, 4, '{}', '{}')",
                ] {
                    let result = try await Self.run(sql, as: Self.alice, role: role, on: fixture.database)
                    guard case .failure(let error) = result else {
                        Issue.record("\(role) was allowed: \(sql)")
                        continue
                    }
                    #expect(error.code == "postgres.permission_denied", "\(role): \(sql)")
                }
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes") == 0)
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
