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

        @Test(
            """
            an expired subscription synced down refuses a workout with the seeds' words; the sync, history and a \
            renewal are never refused
            """
        )
        func expiredGates() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    // The user never started the free trial: the server holds no row, the device keeps
                    // none and knows it asked, so the user is expired there as on the server (§14);
                    // the sync itself and the history are not gated.
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(try device.log.subscription() == nil)
                    #expect(try device.log.subscriptionStatus(at: device.clock.now()) == .expired)
                    let never = #expect(throws: TrainingLogError.self) {
                        try device.workout(0, at: "2026-01-05T18:00:00Z")
                    }
                    #expect(never?.message == "Your subscription has expired. Please renew to continue.")
                    let again = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(again.conflicts.isEmpty)

                    try await PostgresTestServer.subscribe(
                        server, user: Self.user, original: "1000000000000001", expires: "2026-01-12T08:00:00Z",
                        trial: true, signed: "2026-01-05T08:00:00Z")
                    try await PostgresTestServer.subscribe(
                        server, user: Self.other, original: "1000000000000002", expires: "2027-01-12T08:00:00Z",
                        trial: false, signed: "2026-01-05T08:00:00Z")
                    _ = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    let synced = try #require(try device.log.subscription())
                    #expect(synced.user == Self.user)
                    #expect(try device.log.subscriptionStatus(at: device.clock.now()) == .trial)
                    #expect(synced.state.isTrial)
                    #expect(synced.state.expiresAt == Timestamp.parse("2026-01-12T08:00:00Z"))
                    try device.workout(0, at: "2026-01-06T18:00:00Z")

                    device.clock.set(Timestamp.parse("2026-01-13T18:00:00Z") ?? Date())
                    let error = #expect(throws: TrainingLogError.self) {
                        try device.workout(1, at: "2026-01-13T18:00:00Z")
                    }
                    #expect(error?.message == "Your subscription has expired. Please renew to continue.")
                    // Sync and history are never gated.
                    let report = try await LogSync().sync(userDatabase: device.path, with: server, user: Self.user)
                    #expect(report.conflicts.isEmpty)
                    #expect(try device.log.workoutHistory().count == 1)

                    // Renewed on the server: the next sync lifts the gate.
                    try await PostgresTestServer.subscribe(
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
                    try await PostgresTestServer.subscribe(
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

        @Test(
            """
            after a sync found no subscription, traindb log programme start and traindb log start refuse with the \
            seeds' words; a trial synced down lifts it
            """
        )
        func commandsRefuseWhoNeverSubscribed() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    let sync = try PostgresTests.SyncTests.tokenSync(device, server, in: directory)
                    let first = try TraindbProcess.run(sync)
                    #expect(first.status == 0, "\(first.stderr)")

                    let (_, _, programme, questionnaire) = try SyncDevice.catalogue.get()
                    let answers = directory.path("questionnaire.json")
                    try Data(questionnaire.utf8).write(to: URL(fileURLWithPath: answers))
                    let store = ["--store", device.path, "--db", try CommittedCatalogue.databasePath()]
                    let session = programme.sessions[0].dayName
                    let refusal =
                        "traindb: error[log.subscription_expired]: Your subscription has expired. "
                        + "Please renew to continue.\n"
                    let newProgramme = try TraindbProcess.run(
                        ["log", "programme", "start", "--questionnaire", answers, "--now", "2026-01-05T09:00:00Z"]
                            + store)
                    #expect(newProgramme.status == 2)
                    #expect(newProgramme.stderr == refusal)
                    let workout = try TraindbProcess.run(
                        ["log", "start", session, "--now", "2026-01-05T18:00:00Z"] + store)
                    #expect(workout.status == 2)
                    #expect(workout.stderr == refusal)
                    // The history is never gated.
                    #expect(try TraindbProcess.run(["history", "workouts"] + store).status == 0)

                    // The trial begun in the App Store reaches the server, then the device.
                    try await PostgresTestServer.subscribe(
                        server, user: Self.user, original: "1000000000000001", expires: "2026-01-12T08:00:00Z",
                        trial: true, signed: "2026-01-05T08:00:00Z")
                    #expect(try TraindbProcess.run(sync).status == 0)
                    let started = try TraindbProcess.run(
                        ["log", "start", session, "--now", "2026-01-05T18:00:00Z"] + store)
                    #expect(started.status == 0, "\(started.stderr)")
                }
            }
        }

        @Test(
            """
            the device's copy is never sent up: editing it changes nothing on the server, and the next sync \
            restores it
            """
        )
        func readOnly() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    let device = try SyncDevice(
                        path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    try device.startProgramme()
                    try await PostgresTestServer.subscribe(
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
