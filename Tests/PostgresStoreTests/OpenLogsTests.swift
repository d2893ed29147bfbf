import Foundation
import GRDB
import PostgresStore
import TestSupport
import Testing
import TrainingLog

extension PostgresTests.SyncTests {
    /// How many rows of `table` the log at `path` holds, read through a connection of its own.
    static func count(_ table: String, at path: String, where condition: String = "1") throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)") }
            ?? -1
    }

    @Test("a log kept open between syncs sends what the app logged meanwhile, and is opened once")
    func keptLogSendsTheAppsEdits() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            let logs = OpenLogs()
            defer { logs.close() }
            let first = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            #expect(first.pushed > 0 && logs.count == 1)
            // The app logs a workout through its own connection while the sync's stays open.
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let sets = try Self.count("logged_sets", at: a.path)
            let second = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            #expect(sets > 0 && second.tables.first { $0.table == "logged_sets" }?.pushed == sets, "\(second.tables)")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == sets)
            #expect(logs.count == 1)
            let idle = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            #expect(idle.pushed == 0 && idle.pulled == 0)
            #expect(try Self.count("logged_sets", at: a.path, where: "synced_at IS NOT updated_at") == 0)
            // Another device of the user receives all of it, as from syncs that each opened the log.
            _ = try await Self.sync(b, server)
            #expect(try Self.rows(b) == Self.rows(a))
        }
    }

    @Test("a log replaced on disk between syncs (a backup restored) is opened anew, not the kept connection's file")
    func keptLogReplaced() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            let logs = OpenLogs()
            defer { logs.close() }
            _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            // A copy of the log, in which a workout is logged that the server has not seen, moved
            // into place as a restore does (the old file's write-ahead log removed with it).
            let restore = try SyncDevice.copy(of: a, to: directory.path("restore.sqlite"))
            do {
                let restored = try SyncDevice(path: restore, seed: 9, now: "2026-01-06T08:00:00Z")
                try restored.workout(1, at: "2026-01-06T18:00:00Z")
            }
            let whole = try DatabaseQueue(path: restore)
            try await whole.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try whole.close()
            let sets = try Self.count("logged_sets", at: restore)
            for suffix in ["-wal", "-shm"] { unlink(a.path + suffix) }
            #expect(rename(restore, a.path) == 0)
            let report = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            #expect(sets > 0 && report.tables.first { $0.table == "logged_sets" }?.pushed == sets, "\(report.tables)")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == sets)
            // The sync wrote to the file now at the path: its sets are marked synced.
            #expect(try Self.count("logged_sets", at: a.path, where: "synced_at IS updated_at") == sets)
        }
    }

    @Test("a log the app migrates while its connection is kept open gets the subscription's copy at the next sync")
    func keptLogMigratedMeanwhile() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            // The log as an app before the subscription's table left it (training-log 0007 undone).
            let queue = try DatabaseQueue(path: a.path)
            let definition = try await queue.write { db in
                let sql = try String.fetchAll(
                    db, sql: "SELECT sql FROM sqlite_master WHERE tbl_name = 'subscription' AND sql IS NOT NULL")
                try db.execute(sql: "DROP TABLE subscription")
                return sql
            }
            let logs = OpenLogs()
            defer { logs.close() }
            _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            // The app migrates the log through its own connection; the sync's stays open.
            try await queue.write { db in
                for statement in definition { try db.execute(sql: statement) }
            }
            try queue.close()
            #expect(try Self.count("subscription", at: a.path) == 0)
            _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            #expect(logs.count == 1)
            #expect(try Self.count("subscription", at: a.path, where: "user_id = '\(Self.user)'") == 1)
        }
    }
}
