import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

extension PostgresTests {
    /// The user's subscription row comes down with every sync, read-only, and gates starting a
    /// programme or a workout on the device (business rules §14); the sync itself never is.
    @Suite("traindb sync: the subscription comes down and gates starting")
    struct SyncSubscriptionTests {
        static let user = "c0000000-0000-4000-8000-00000000000c"
        static let other = "d0000000-0000-4000-8000-00000000000d"

        /// Writes `user`'s row as the service does (`subscription_apply`, as `service_role`).
        static func subscribe(
            _ server: PostgresURL, user: String, original: String, expires: String, trial: Bool, signed: String,
            revoked: String? = nil
        ) async throws {
            try await server.withTestConnection { connection in
                try await connection.query("BEGIN", logger: PostgresTestServer.logger)
                try await connection.query("SET LOCAL ROLE service_role", logger: PostgresTestServer.logger)
                _ = try await connection.query(
                    """
                    SELECT subscription_apply(\(user)::uuid, \(original), 'app.train.ios.annual', 'annual', 'Production',
                        \(expires)::timestamptz, \(trial), \(revoked)::timestamptz, \(signed)::timestamptz, NULL, NULL, NULL)
                    """, logger: PostgresTestServer.logger
                ).collect()
                try await connection.query("COMMIT", logger: PostgresTestServer.logger)
            }
        }

        @Test("an expired subscription synced down refuses a workout with the seeds' words; the sync, history and a renewal are never refused")
        func expiredGates() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    // The user never subscribed: the server holds no row, the device keeps none.
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(try device.log.subscription() == nil)

                    try await Self.subscribe(
                        server, user: Self.user, original: "1000000000000001", expires: "2026-01-12T08:00:00Z",
                        trial: true, signed: "2026-01-05T08:00:00Z")
                    try await Self.subscribe(
                        server, user: Self.other, original: "1000000000000002", expires: "2027-01-12T08:00:00Z",
                        trial: false, signed: "2026-01-05T08:00:00Z")
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    let synced = try #require(try device.log.subscription())
                    #expect(synced.user == Self.user)
                    #expect(synced.state.isTrial)
                    #expect(synced.state.expiresAt == Timestamp.parse("2026-01-12T08:00:00Z"))
                    try device.workout(0, at: "2026-01-06T18:00:00Z")

                    device.clock.set(Timestamp.parse("2026-01-13T18:00:00Z") ?? Date())
                    let error = #expect(throws: TrainingLogError.self) { try device.workout(1, at: "2026-01-13T18:00:00Z") }
                    #expect(error?.message == "Your subscription has expired. Please renew to continue.")
                    // Sync and history are never gated.
                    let report = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(report.conflicts.isEmpty)
                    #expect(try device.log.workoutHistory().count == 1)

                    // Renewed on the server: the next sync lifts the gate.
                    try await Self.subscribe(
                        server, user: Self.user, original: "1000000000000001", expires: "2027-01-12T08:00:00Z",
                        trial: false, signed: "2026-01-13T19:00:00Z")
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    try device.workout(1, at: "2026-01-14T18:00:00Z")
                    #expect(try device.log.workoutHistory().count == 2)
                }
            }
        }

        @Test("a log the app has not migrated to the subscription's table syncs both ways and keeps no copy")
        func logWithoutTheTable() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    try await Self.subscribe(
                        server, user: Self.user, original: "1000000000000002", expires: "2026-01-12T08:00:00Z",
                        trial: true, signed: "2026-01-05T08:00:00Z")
                    let queue = try DatabaseQueue(path: device.path)
                    try await queue.write { db in try db.execute(sql: "DROP TABLE subscription") }
                    try queue.close()
                    let report = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(report.pushed > 0)
                    let again = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(again.pushed == 0)
                    let check = try DatabaseQueue(path: device.path)
                    let (tableNow, unsynced) = try await check.read { db in
                        (
                            try db.tableExists("subscription"),
                            try Int.fetchOne(
                                db, sql: "SELECT count(*) FROM programmes WHERE synced_at IS NOT updated_at") ?? -1
                        )
                    }
                    try check.close()
                    #expect(!tableNow)
                    #expect(unsynced == 0)
                }
            }
        }

        @Test("the device's copy is never sent up: editing it changes nothing on the server, and the next sync restores it")
        func readOnly() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    try await Self.subscribe(
                        server, user: Self.user, original: "1000000000000001", expires: "2026-01-12T08:00:00Z",
                        trial: true, signed: "2026-01-05T08:00:00Z")
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    let queue = try DatabaseQueue(path: device.path)
                    try await queue.write { db in
                        try db.execute(sql: "UPDATE subscription SET expires_at = '2099-01-01T00:00:00.000Z'")
                    }
                    try queue.close()
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(try device.log.subscription()?.state.expiresAt == Timestamp.parse("2026-01-12T08:00:00Z"))
                    let onServer = try await server.withTestConnection { connection in
                        try await connection.rows(
                            String.self,
                            "SELECT to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM subscriptions")
                    }
                    #expect(onServer == ["2026-01-12"])
                }
            }
        }
    }
}
