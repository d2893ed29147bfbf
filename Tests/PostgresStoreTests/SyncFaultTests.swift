import Foundation
import GRDB
import PostgresNIO
import TestSupport
import Testing
import TrainingLog

@testable import PostgresStore

extension PostgresTests.SyncTests {
    struct ClientKilled: Error {}

    @Test("a client killed after the server committed: nothing lost, nothing doubled, the next sync completes")
    func clientKilledMidSync() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let before = try Self.rows(a)
            // The process dies between the server's commit and the device's transaction.
            await #expect(throws: ClientKilled.self) {
                try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, role: "authenticated") {
                    throw ClientKilled()
                }
            }
            #expect(try Self.rows(a) == before, "the device changed without the server's answer")
            let onServer = try await Self.owners("logged_sets", server)[Self.user] ?? 0
            #expect(onServer == before["logged_sets"]?.count)

            let next = try await Self.sync(a, server)
            #expect(next.conflicts.isEmpty)
            #expect(next.pushed == 0, "a row the server already held was written again")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == onServer)
            let idle = try await Self.sync(a, server)
            #expect(idle.pushed == 0 && idle.tables.allSatisfy { $0.alreadyOnServer == 0 && $0.pulled == 0 })
        }
    }

    @Test("the sync's writes wait in the write-ahead log, and the app's next checkpoint copies them into the file")
    func syncLeavesItsWritesInTheLog() async throws {
        try await Self.withSyncedDevice { a, directory in
            // Synced, read as SQLite reads it (the file and its log); the file alone lacks the marks.
            let whole = try SyncDevice.copy(of: a, to: directory.path("whole.sqlite"))
            #expect(try Self.unsynced(whole) == 0)
            #expect(try Self.unsyncedInFileAlone(a, copiedTo: directory.path("file-only.sqlite")) > 0)
            // The app's checkpoint copies the log into the file.
            try await Self.checkpoint(a.path)
            #expect(try Self.unsyncedInFileAlone(a, copiedTo: directory.path("checkpointed.sqlite")) == 0)
        }
    }

    @Test("a write-ahead log grown past its limit is copied into the file and emptied when the sync closes")
    func largeLogEmptiedOnClosing() async throws {
        try await Self.withSyncedDevice { a, directory in
            let wal = a.path + "-wal"
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int ?? 0 > 0)
            // Here any size is past the limit (a first sync of years of history passes 1,000 pages).
            try DeviceLog(path: a.path).close(checkpointingPast: 0)
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int == 0)
            #expect(try Self.unsyncedInFileAlone(a, copiedTo: directory.path("file-only.sqlite")) == 0)
        }
    }

    /// A device that logged a workout, all of it copied into its file, then synced.
    static func withSyncedDevice(_ body: (SyncDevice, TemporaryDirectory) async throws -> Void) async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try await Self.checkpoint(a.path)
            _ = try await Self.sync(a, server)
            try await body(a, directory)
        }
    }

    /// Copies the write-ahead log of the file at `path` into it, as a connection of the app does.
    static func checkpoint(_ path: String) async throws {
        let queue = try DatabaseQueue(path: path)
        try await queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }

    /// How many rows wait to be synced in `device`'s file alone, without its write-ahead log (as
    /// a power cut may leave it), read from a copy of the file at `copy`.
    static func unsyncedInFileAlone(_ device: SyncDevice, copiedTo copy: String) throws -> Int {
        try FileManager.default.copyItem(atPath: device.path, toPath: copy)
        return try unsynced(copy)
    }

    /// How many rows of the log at `path` wait to be synced.
    static func unsynced(_ path: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try ["programmes", "workouts", "exercise_logs", "logged_sets"].reduce(0) { count, table in
                count
                    + (try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(table) WHERE synced_at IS NULL OR updated_at IS NOT synced_at")
                        ?? 0)
            }
        }
    }

    @Test("two devices of one user syncing at the same moment: both complete, and the next round agrees")
    func twoDevicesAtOnce() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try b.workout(1, at: "2026-01-07T18:00:00Z")
            async let fromA = Self.sync(a, server)
            async let fromB = Self.sync(b, server)
            let (first, second) = try await (fromA, fromB)
            #expect(first.conflicts.isEmpty && second.conflicts.isEmpty)
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            #expect(try Self.rows(a) == Self.rows(b))
            #expect(try a.log.workoutHistory().count == 2)
        }
    }

    @Test(
        """
        the server ends the sync's session mid-push, as a restart does: the device is unchanged, and the next sync \
        completes with nothing doubled
        """
    )
    func serverSessionEndsMidSync() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let before = try Self.rows(a)
            try await server.withTestConnection { blocker in
                let logger = PostgresTests.AccessTests.logger
                // Hold the user's sync lock, so the sync waits inside its push transaction.
                try await blocker.query("BEGIN", logger: logger)
                try await blocker.query(
                    PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(hashtextextended('\(Self.user)', 0))"),
                    logger: logger)
                // The sync gives up on a server that stops answering after 5 s, not the default 60.
                var impatient = server
                impatient.answerTimeout = 5
                let sync = Task { [impatient] in try await Self.sync(a, impatient) }
                var waiting: Int32?
                for _ in 0..<400 where waiting == nil {
                    // Inside a transaction pg_stat_activity is a snapshot: take a fresh one.
                    try await blocker.query("SELECT pg_stat_clear_snapshot()", logger: logger)
                    let rows = try await blocker.query(
                        """
                        SELECT pid FROM pg_stat_activity
                        WHERE datname = current_database() AND application_name = \(LogSync.applicationName)
                          AND wait_event_type = 'Lock'
                        """, logger: logger)
                    for try await pid in rows.decode(Int32.self) { waiting = pid }
                    if waiting == nil { try await Task.sleep(for: .milliseconds(25)) }
                }
                let pid = try #require(waiting, "the sync never waited on the lock")
                // What a restart does to every session: the backend goes, its transaction with it.
                try await blocker.query("SELECT pg_terminate_backend(\(pid))", logger: logger)
                let error = await #expect(throws: PostgresStoreError.self) { try await sync.value }
                // The server's goodbye names the cause; where it is lost, the sync stops waiting.
                let message = error?.message ?? ""
                #expect(
                    message.contains("nothing synced: the server closed the connection")
                        || message.contains("did not answer within 5 s"), "\(message)")
                try await blocker.query("ROLLBACK", logger: logger)
            }
            #expect(try Self.rows(a) == before, "the device changed without the server's answer")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == nil, "half a push was kept")

            let next = try await Self.sync(a, server)
            #expect(next.conflicts.isEmpty)
            #expect(try await Self.owners("logged_sets", server)[Self.user] == before["logged_sets"]?.count)
            let idle = try await Self.sync(a, server)
            #expect(idle.pushed == 0 && idle.tables.allSatisfy { $0.alreadyOnServer == 0 && $0.pulled == 0 })
        }
    }
}
