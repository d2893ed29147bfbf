import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import ProgrammeGenerator
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

extension PostgresTests {
    /// `traindb sync` between devices of one user, offline in between, through a real server.
    @Suite("traindb sync: devices of one user")
    struct SyncTests {
        static let user = "c0000000-0000-4000-8000-00000000000c"

        /// A server with the schema, two devices of `user` (A has started the programme), each
        /// in the same temporary folder. `user` and `otherUser` hold a subscription there, so that
        /// their devices may start workouts after a sync.
        static func withTwoDevices(
            _ body: (PostgresURL, SyncDevice, SyncDevice, TemporaryDirectory) async throws -> Void
        ) async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    try await PostgresTestServer.subscribeForever([user, otherUser], on: server)
                    let a = try SyncDevice(path: directory.path("a.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
                    let b = try SyncDevice(path: directory.path("b.sqlite"), seed: 2, now: "2026-01-05T09:00:00Z")
                    try a.startProgramme()
                    try await body(server, a, b, directory)
                }
            }
        }

        static func sync(_ device: SyncDevice, _ server: PostgresURL) async throws -> SyncReport {
            try await LogSync().sync(userDatabase: device.path, with: server, user: user)
        }

        /// Every row of the device's log but its sync bookkeeping, table by table, as text.
        static func rows(_ device: SyncDevice) throws -> [String: [String]] {
            let queue = try DatabaseQueue(path: device.path)
            defer { try? queue.close() }
            return try queue.read { db in
                var tables: [String: [String]] = [:]
                for table in ["user_settings", "profiles", "programmes", "workouts", "exercise_logs", "logged_sets"] {
                    tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { row in
                        row.filter { $0.0 != "synced_at" }.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
                    }
                }
                return tables
            }
        }

        @Test("two devices log workouts offline, then both sync: both hold every set, nothing conflicts")
        func offlineWorkoutsMeet() async throws {
            try await Self.withTwoDevices { server, a, b, _ in
                _ = try await Self.sync(a, server)
                _ = try await Self.sync(b, server)
                try a.workout(0, at: "2026-01-05T18:00:00Z")
                try b.workout(1, at: "2026-01-07T18:00:00Z")
                let fromA = try await Self.sync(a, server)
                let fromB = try await Self.sync(b, server)
                let again = try await Self.sync(a, server)
                #expect(fromA.conflicts.isEmpty && fromB.conflicts.isEmpty && again.conflicts.isEmpty)
                let setsA = try Self.rows(a)["logged_sets"] ?? []
                #expect(
                    setsA.count == (fromA.tables.first { $0.table == "logged_sets" }?.pushed ?? 0)
                        + (fromB.tables.first { $0.table == "logged_sets" }?.pushed ?? 0))
                #expect(setsA.count >= 2 * 3 * 4, "\(setsA.count) sets")
                #expect(try Self.rows(a) == Self.rows(b))
                #expect(try a.log.workoutHistory().count == 2)
                #expect(try b.log.workoutHistory().count == 2)
            }
        }

        @Test("the profile travels: answers given on one device reach the other, and an edit comes back")
        func profileSyncs() async throws {
            try await Self.withTwoDevices { server, a, b, _ in
                let answers = try AboutYou(
                    Questionnaire(
                        aboutYou: AboutYou(
                            gender: .female, dateOfBirth: CalendarDate("1990-04-12"), heightCm: 170.2,
                            heightUnit: .ftIn,
                            weightKg: 69.853, weightUnit: .lbs, motivations: [.structure, .other],
                            motivationOther: "a wedding in June")),
                    answeredOn: CalendarDate("2026-01-05") ?? CalendarDate(dayNumber: 0))
                let saved = try a.log.saveProfile(answers)
                let fromA = try await Self.sync(a, server)
                #expect(fromA.tables.first { $0.table == "profiles" }?.pushed == 1)
                _ = try await Self.sync(b, server)
                #expect(try b.log.profile() == saved)
                #expect(try b.log.settings().unit == .lbs)

                b.clock.set(Timestamp.parse("2026-02-01T08:00:00Z") ?? Date())
                var lighter = answers
                lighter.weightKg = 65
                lighter.weightUnit = .kg
                let edited = try b.log.saveProfile(lighter)
                _ = try await Self.sync(b, server)
                let back = try await Self.sync(a, server)
                #expect(back.conflicts.isEmpty)
                #expect(try a.log.profile() == edited)
                #expect(try a.log.profile()?.memberSince == saved.memberSince)
                #expect(try a.log.settings().unit == .kg)
                #expect(try Self.rows(a) == Self.rows(b))
                let again = try await Self.sync(a, server)
                #expect(again.pushed == 0 && again.tables.allSatisfy { $0.pulled == 0 })
            }
        }

        @Test("the same set edited on both devices: the server's version is kept on both, and reported")
        func conflictServerWins() async throws {
            try await Self.withTwoDevices { server, a, b, _ in
                try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
                _ = try await Self.sync(a, server)
                _ = try await Self.sync(b, server)
                let exercise = try #require(try b.log.currentWorkout()?.exercises.first?.exerciseId)
                a.clock.advance(by: 60)
                try a.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 12, weight: 60, unit: .kg))
                b.clock.set(Timestamp.parse("2026-01-05T18:30:00Z") ?? Date())
                try b.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 5, weight: 60, unit: .kg))
                try b.log.updateSettings(timeZone: TimeZone(identifier: "America/New_York"))
                let fromA = try await Self.sync(a, server)
                let fromB = try await Self.sync(b, server)
                _ = try await Self.sync(a, server)
                #expect(fromA.conflicts.isEmpty)
                #expect(fromB.conflicts.map(\.table).contains("logged_sets"))
                #expect(fromB.text().contains("conflict: logged_sets"))
                #expect(try a.log.currentWorkout()?.exercises.first?.sets.first?.reps == 12)
                #expect(try b.log.currentWorkout()?.exercises.first?.sets.first?.reps == 12)
                #expect(try a.log.settings().timeZone.identifier == "America/New_York", "B's other change is lost")
                #expect(try Self.rows(a) == Self.rows(b))
            }
        }

        @Test(
            "replaying a push whose answer was lost changes nothing on the server; the sync after it has nothing to do")
        func replayIsHarmless() async throws {
            try await Self.withTwoDevices { server, a, _, directory in
                try a.workout(0, at: "2026-01-05T18:00:00Z")
                // The same device as it was before the push: as if the push's answer never came,
                // or a power cut lost all the sync wrote here (it leaves that unflushed).
                let lost = try SyncDevice.copy(of: a, to: directory.path("a-answer-lost.sqlite"))
                let first = try await Self.sync(a, server)
                let versions = try await ServerRows.logVersions(server)
                let replay = try await LogSync().sync(userDatabase: lost, with: server, user: Self.user)
                #expect(first.pushed > 20)
                #expect(replay.pushed == 0)
                #expect(replay.conflicts.isEmpty)
                #expect(replay.tables.reduce(0) { $0 + $1.alreadyOnServer } == first.pushed)
                #expect(try await ServerRows.logVersions(server) == versions, "a row was rewritten")
                let idle = try await LogSync().sync(userDatabase: lost, with: server, user: Self.user)
                #expect(idle.pushed == 0 && idle.tables.allSatisfy { $0.alreadyOnServer == 0 && $0.pulled == 0 })
            }
        }
    }
}

extension PostgresTests.SyncTests {
    /// `traindb sync`'s arguments for `device` as the test's user: a token valid for an hour,
    /// signed with the project's secret, kept in `directory`.
    static func tokenSync(
        _ device: SyncDevice, _ server: PostgresURL, in directory: TemporaryDirectory
    ) throws -> [String] {
        let secretFile = directory.path("jwt-secret")
        try AccessTokenTests.secret.write(to: URL(fileURLWithPath: secretFile))
        let token = AccessTokenTests.hs256(
            AccessTokenTests.claims(exp: Date().timeIntervalSince1970 + 3600, sub: Self.user))
        return [
            "sync", "--store", device.path, "--postgres", server.description, "--token", token,
            "--jwt-secret-file", secretFile,
        ]
    }

    @Test("traindb sync with the user's access token acts as the token's subject")
    func syncWithAToken() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            let run = try TraindbProcess.run(try Self.tokenSync(a, server, in: directory))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("synced user \(Self.user)"), "\(run.stdout)")
            let rows = try await server.withTestConnection { connection in
                try await PostgresTests.AccessTests.count(
                    "SELECT count(*) FROM programmes WHERE user_id = '\(Self.user)'", on: connection)
            }
            #expect(rows == 1)
        }
    }
}

extension PostgresTests.SyncTests {
    @Test("a server that stops answering mid-sync fails the sync within its timeout, changing nothing")
    func stalledServer() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            let arguments = try Self.tokenSync(a, server, in: directory)
            let before = try Self.rows(a)
            // Another session holds the log's tables: the sync's statements wait, as on a stopped server.
            try await server.withTestConnection { holder in
                try await holder.query("BEGIN", logger: PostgresTests.AccessTests.logger)
                try await holder.query(
                    "LOCK TABLE user_settings, programmes IN ACCESS EXCLUSIVE MODE",
                    logger: PostgresTests.AccessTests.logger)
                let started = Date()
                let run = try Subprocess.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["TRAINDB_POSTGRES_TIMEOUT=3", TraindbProcess.executable.path] + arguments)
                let waited = Date().timeIntervalSince(started)
                try await holder.query("ROLLBACK", logger: PostgresTests.AccessTests.logger)
                #expect(run.status == 2)
                #expect(run.stderr.contains("did not answer within 3 s"), "\(run.stderr)")
                #expect(waited < 20, "the sync waited \(waited) s")
            }
            #expect(try Self.rows(a) == before, "the device's log changed")
        }
    }
}

extension PostgresTests.SyncTests {
    @Test("a service-role sync reads, pushes and deletes the named user's rows only, whatever its device claims")
    func serviceRoleStaysWithItsUser() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            let other = PostgresTests.LogAccessTests.userB
            try await PostgresTestServer.run(script: PostgresTests.LogAccessTests.seed(other, "b"), on: server)
            // A hostile device claims it deleted the other user's workout.
            let theirs = "30000000-0000-4000-8000-00000000000b"
            let queue = try DatabaseQueue(path: a.path)
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO deleted_rows (row_id, table_name, deleted_at) VALUES (?, 'workouts', ?)",
                    arguments: [theirs, "2026-01-06T10:00:00.000Z"])
            }
            try queue.close()
            _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, role: "service_role")
            let kept = try await server.withTestConnection { connection in
                try await PostgresTests.AccessTests.count(
                    "SELECT count(*) FROM workouts WHERE user_id = '\(other)'", on: connection)
            }
            #expect(kept == 1, "the other user's workout was deleted")
            let pulled = try Self.rows(a)
            #expect(
                !pulled.values.joined().contains { $0.contains("-00000000000b") },
                "the other user's rows reached the device")
        }
    }
}
