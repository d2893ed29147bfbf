import Foundation
import GRDB
import PostgresStore
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

extension PostgresTests.SyncTests {
    /// Runs the statements of `sql` on the server as its owner.
    static func asOwner(_ sql: String, _ server: PostgresURL) async throws {
        try await PostgresTestServer.run(script: sql, on: server)
    }

    /// The device's cursor for the test's server and user.
    static func cursor(_ device: SyncDevice) throws -> Int64? {
        let queue = try DatabaseQueue(path: device.path)
        defer { try? queue.close() }
        return try queue.read { try Int64.fetchOne($0, sql: "SELECT max(change_seq) FROM sync_cursors") }
    }

    @Test("a sync downloads only the rows changed since the device's last one; a new device gets them all")
    func incrementalPull() async throws {
        try await Self.withTwoDevices { server, a, b, directory in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try a.workout(1, at: "2026-01-07T18:00:00Z")
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            let cursor = try #require(try Self.cursor(b))
            #expect(cursor > 0)

            // A change the server did not number is invisible to a device past it: proof that the
            // sync asks for numbered changes only, not for the whole log.
            try await Self.asOwner(
                """
                ALTER TABLE workouts DISABLE TRIGGER stamp_change;
                UPDATE workouts SET session_name = 'Unnumbered' WHERE user_id = '\(Self.user)';
                ALTER TABLE workouts ENABLE TRIGGER stamp_change;
                """, server)
            let quiet = try await Self.sync(b, server)
            #expect(quiet.tables.allSatisfy { $0.pulled == 0 })
            #expect(try b.log.workoutHistory().allSatisfy { $0.sessionName != "Unnumbered" })
            #expect(try Self.cursor(b) == cursor, "a sync that brought nothing moved the cursor")

            // A numbered change is brought, and only it.
            try await Self.asOwner(
                """
                UPDATE workouts SET session_name = 'Renamed', updated_at = updated_at + interval '1 second'
                WHERE user_id = '\(Self.user)' AND started_at = '2026-01-05T18:00:00Z'
                """, server)
            let one = try await Self.sync(b, server)
            #expect(one.tables.first { $0.table == "workouts" }?.pulled == 1)
            #expect(one.tables.filter { $0.table != "workouts" }.allSatisfy { $0.pulled == 0 })
            #expect(try b.log.workoutHistory().map(\.sessionName).contains("Renamed"))
            #expect(try #require(try Self.cursor(b)) > cursor)

            // A device that never synced with this server starts from nothing and gets every row.
            let fresh = try SyncDevice(path: directory.path("fresh.sqlite"), seed: 5, now: "2026-02-01T08:00:00Z")
            _ = try await Self.sync(fresh, server)
            #expect(try fresh.log.workoutHistory().count == 2)
            #expect(try Set(fresh.log.workoutHistory().map(\.sessionName)).contains("Unnumbered"))
        }
    }
}
