import Foundation
import Logging
import PostgresNIO
import PostgresStore
import Testing

/// The PostgreSQL server the tests use: `TRAINDB_POSTGRES_URL` (a superuser's URL; `make pg`
/// and CI start one with scripts/pg-cluster). Without it the PostgreSQL suite is skipped with
/// one line, except under `CI=true`, where the suite runs and fails.
enum PostgresTestServer {
    static let environment = ProcessInfo.processInfo.environment

    static let url: String? = environment["TRAINDB_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// True when the suite runs: a server is named, or CI requires one.
    static let runs = url != nil || environment["CI"] == "true"

    static let skipReason: Comment = """
        PostgreSQL tests skipped: TRAINDB_POSTGRES_URL is not set (make pg starts a local server; \
        under CI=true a missing server fails the run)
        """

    static let logger = Logger(label: "traindb.tests.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The server's URL, or a failure saying that CI needs one.
    static func adminURL() throws -> PostgresURL {
        guard let url else {
            throw PostgresTestError(
                "CI=true requires a PostgreSQL server: set TRAINDB_POSTGRES_URL (scripts/pg-cluster)")
        }
        return try PostgresURL(url)
    }

    /// Runs `body` with a new, empty database holding the Supabase stand-in (roles, `auth.uid()`),
    /// and drops it afterwards.
    static func withDatabase<Value>(_ body: (PostgresURL) async throws -> Value) async throws -> Value {
        let admin = try adminURL()
        let name = "traindb_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        _ = try await admin.withTestConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var database = admin
        database.database = name
        do {
            try await StandIn.shared.apply(to: database)
            let value = try await body(database)
            try await drop(name, admin)
            return value
        } catch {
            try? await drop(name, admin)
            throw error
        }
    }

    /// Applies every migration of schema/postgres/ to `database`, in one transaction.
    static func migrate(_ database: PostgresURL) async throws {
        try await database.withTestConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            try await PostgresSchema.migrator.migrate(connection, logger: logger)
            try await connection.query("COMMIT", logger: logger)
        }
    }

    /// Writes `user`'s subscription row as the service does (`subscription_apply`, as
    /// `service_role`), for the App Store transaction `original` signed at `signed`; returns
    /// its answer (`applied`, `stale`, …).
    @discardableResult
    static func subscribe(
        _ database: PostgresURL, user: String, original: String, expires: String, trial: Bool, signed: String,
        revoked: String? = nil
    ) async throws -> String {
        try await database.withTestConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            try await connection.query("SET LOCAL ROLE service_role", logger: logger)
            let outcome = try await connection.rows(
                String.self,
                """
                SELECT subscription_apply(\(user)::uuid, \(original), 'app.train.ios.annual', 'annual', 'Production',
                    \(expires)::timestamptz, \(trial), \(revoked)::timestamptz, \(signed)::timestamptz,
                    NULL, NULL, NULL)
                """)
            try await connection.query("COMMIT", logger: logger)
            return outcome.first ?? ""
        }
    }

    /// Gives each of `users` a paid annual subscription running to 2100, as if bought in the App
    /// Store: for fixtures whose users sync and then start programmes and workouts. A user the
    /// server holds no row for never started the free trial, so once a sync has asked, the device
    /// refuses them starting (business rules §14), which those fixtures do not test.
    static func subscribeForever(_ users: [String], on database: PostgresURL) async throws {
        for user in users {
            let outcome = try await subscribe(
                database, user: user, original: "fixture-" + user, expires: "2100-01-01T00:00:00Z", trial: false,
                signed: "2026-01-01T00:00:00Z")
            guard outcome == "applied" else { throw PostgresTestError("subscription_apply for \(user): \(outcome)") }
        }
    }

    /// The same database, connecting as another user (`authenticator`, say).
    static func url(_ database: PostgresURL, user: String) -> PostgresURL {
        var other = database
        other.user = user
        other.password = nil
        return other
    }

    /// Runs every statement of `script` on `database`, as its URL's user.
    static func run(script: String, on database: PostgresURL) async throws {
        try await database.withTestConnection { connection in
            for statement in SQLScript(script).statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    private static func drop(_ name: String, _ admin: PostgresURL) async throws {
        _ = try await admin.withTestConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }

    /// The stand-in, one database at a time: the roles it makes are the cluster's, and two
    /// sessions making the same role at once may collide. Each run waits for the one before.
    private actor StandIn {
        static let shared = StandIn()
        private var last: Task<Void, any Error>?

        func apply(to database: PostgresURL) async throws {
            let previous = last
            let run = Task {
                _ = await previous?.result
                try await PostgresTestServer.run(script: PostgresSchema.supabaseStandIn, on: database)
            }
            last = run
            try await run.value
        }
    }
}

extension PostgresURL {
    /// A connection as the tests open one, closed after `body`.
    func withTestConnection<Value>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        let connection = try await connect(applicationName: "traindb tests", logger: PostgresTestServer.logger)
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

struct PostgresTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension PostgresConnection {
    /// Every row `query` selects, decoded as `type`.
    func rows<each Column: PostgresDecodable & Sendable>(
        _ type: (repeat each Column).Type, _ query: PostgresQuery
    ) async throws -> [(repeat each Column)] {
        var result: [(repeat each Column)] = []
        for try await row in try await self.query(query, logger: PostgresTestServer.logger).decode(type) {
            result.append(row)
        }
        return result
    }
}
