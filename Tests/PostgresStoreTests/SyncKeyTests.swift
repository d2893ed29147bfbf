import Foundation
import GRDB
import PostgresNIO
import PostgresStore
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

extension PostgresTests.SyncTests {
    static let otherUser = "d0000000-0000-4000-8000-00000000000d"

    /// Rows of `table` on the server per owner, counted by the superuser.
    static func owners(_ table: String, _ server: PostgresURL) async throws -> [String: Int] {
        let counts = try await server.withTestConnection { connection in
            try await connection.rows(
                (String, Int).self,
                PostgresQuery(unsafeSQL: "SELECT user_id::text, count(*)::int FROM \(table) GROUP BY user_id"))
        }
        return Dictionary(uniqueKeysWithValues: counts.map { ($0.0, $0.1) })
    }

    @Test("two users whose devices made the same row ids both sync: rows are keyed by user and id")
    func sameIDsTwoUsers() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            // Another user's device with the same seed: every id it makes is one A's device made.
            let twin = try SyncDevice(path: directory.path("twin.sqlite"), seed: 1, now: "2026-01-05T08:00:00Z")
            try twin.startProgramme()
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try twin.workout(0, at: "2026-01-05T18:00:00Z")
            let ids = { (device: SyncDevice) in try device.log.workoutHistory().map(\.id) }
            #expect(try ids(a) == ids(twin), "the devices should share their ids")
            _ = try await Self.sync(a, server)
            let theirs = try await LogSync().sync(userDatabase: twin.path, with: server, user: Self.otherUser)
            #expect(theirs.conflicts.isEmpty)
            let sets = try await Self.owners("logged_sets", server)
            #expect(sets[Self.user] == sets[Self.otherUser] && (sets[Self.user] ?? 0) > 0, "\(sets)")
            #expect(try twin.log.workoutHistory().count == 1 && a.log.workoutHistory().count == 1)
        }
    }

    @Test("a tombstone another user records with this user's row id blocks nothing")
    func foreignTombstone() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            _ = try await Self.sync(a, server)
            let open = try #require(try a.log.currentWorkout())
            #expect(try await Self.owners("workouts", server)[Self.user] == 1)

            // The other user's device claims it deleted A's open workout.
            let hostile = try SyncDevice(path: directory.path("hostile.sqlite"), seed: 9, now: "2026-01-05T18:30:00Z")
            let queue = try DatabaseQueue(path: hostile.path)
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO deleted_rows (row_id, table_name, deleted_at) VALUES (?, 'workouts', ?)",
                    arguments: [open.id, "2026-01-05T18:30:00.000Z"])
            }
            try queue.close()
            _ = try await LogSync().sync(userDatabase: hostile.path, with: server, user: Self.otherUser)
            #expect(
                try await Self.owners("workouts", server)[Self.user] == 1, "another user's tombstone deleted A's row")

            a.clock.set(Timestamp.parse("2026-01-05T18:40:00Z") ?? Date())
            try a.log.discardWorkout()
            _ = try await Self.sync(a, server)
            #expect(try await Self.owners("workouts", server)[Self.user] == nil, "A's discard did not reach the server")
            _ = try await Self.sync(a, server)
            #expect(try a.log.currentWorkout() == nil, "the discarded workout came back")
        }
    }
}

extension PostgresTests.SyncTests {
    @Test("the server refuses notes over 1,000 characters (business rules §6), and takes 1,000")
    func notesBounded() async throws {
        typealias Log = PostgresTests.LogAccessTests
        try await Log.withTwoUsers { server in
            try await PostgresTests.AccessTests.asRole("authenticated", claims: Log.claimsA, on: server) { connection in
                let long = "UPDATE exercise_logs SET notes = repeat('x', 1001)"
                #expect(await PostgresTests.AccessTests.refusal(long, on: connection) == "23514")
                let most = "UPDATE exercise_logs SET notes = repeat('é', 1000)"
                #expect(await PostgresTests.AccessTests.refusal(most, on: connection) == nil)
            }
        }
    }
}
