import Foundation
import GRDB
import PostgresNIO
import TestSupport
import Testing
import TrainingLog

@testable import PostgresStore

extension PostgresTests.SyncTests {
    /// When the server says `user`'s account was deleted (migration 0014), as the device is told it.
    static func deletedAt(_ user: String, on server: PostgresURL) async throws -> [String] {
        try await server.withTestConnection { connection in
            var moments: [String] = []
            for try await moment in try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                        FROM deleted_accounts WHERE account_id = '\(user)'
                        """), logger: PostgresTests.AccessTests.logger
            ).decode(String.self) {
                moments.append(moment)
            }
            return moments
        }
    }

    /// Every row the server holds of `user`, tombstones included, by table.
    static func serverRows(_ user: String, on server: PostgresURL) async throws -> [String: Int] {
        var counts = try await PostgresTests.AccountServerTests.owned(user, on: server)
        counts["deleted_rows"] = try await server.withTestConnection { connection in
            try await PostgresTests.AccessTests.count(
                "SELECT count(*) FROM deleted_rows WHERE user_id = '\(user)'", on: connection)
        }
        return counts
    }

    /// The accounts the device at `path` learnt were deleted: `server user deleted_at` lines.
    static func deletedAccounts(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT server, user_id, deleted_at FROM deleted_accounts").map { row in
                [row["server"] as String? ?? "", row["user_id"] as String? ?? "", row["deleted_at"] as String? ?? ""]
                    .joined(separator: " ")
            }
        }
    }

    @Test(
        """
        the account deleted on one device: the other's syncs write nothing, pull nothing and say when; a new user \
        syncs
        """
    )
    func accountDeletedOnAnotherDevice() async throws {
        try await Self.withTwoDevices { server, a, b, directory in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            #expect(try TraindbProcess.run(try Self.tokenSync(a, server, in: directory)).status == 0)
            #expect(try TraindbProcess.run(try Self.tokenSync(b, server, in: directory)).status == 0)
            let token = Array(try Self.tokenSync(b, server, in: directory).drop { $0 != "--token" })

            // A deletes the account: the server's rows and then A's log.
            let deleted = try TraindbProcess.run(
                ["account", "delete", "--store", a.path, "--postgres", server.description, "--yes"] + token)
            #expect(deleted.status == 0, "\(deleted.stderr)")
            let moments = try await Self.deletedAt(Self.user, on: server)
            #expect(moments.count == 1, "the server keeps no record of the deletion")
            let moment = try #require(moments.first)
            let emptied = try await Self.serverRows(Self.user, on: server)
            #expect(emptied.values.allSatisfy { $0 == 0 }, "\(emptied)")

            // B, whose token is still valid, syncs: refused with the moment, nothing written anywhere.
            let before = try Self.rows(b)
            #expect(before["logged_sets"]?.isEmpty == false)
            let refused = try TraindbProcess.run(try Self.tokenSync(b, server, in: directory))
            let key = "\(server.host):\(server.port)/\(server.database)"
            #expect(refused.status == 3, "\(refused.stderr)")
            #expect(
                refused.stderr.contains(
                    "traindb: error[sync.account_deleted]: nothing synced: the account \(Self.user) and its data "
                        + "were deleted on \(key) at \(moment);"), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
            #expect(try await Self.serverRows(Self.user, on: server) == emptied)
            #expect(try Self.rows(b) == before, "the refused sync changed the device's log")
            #expect(try Self.deletedAccounts(b.path) == ["\(key) \(Self.user) \(moment)"])

            // B edits a set and syncs again: refused at once, before the server is asked anything
            // (the database takes no connection meanwhile), still nothing written.
            let exercise = try #require(try b.log.currentWorkout()?.exercises.first?.exerciseId)
            b.clock.set(Date(timeIntervalSince1970: 1_767_640_000))
            try b.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 12, weight: 60, unit: .kg))
            let edited = try Self.rows(b)
            // From the server's own database: no session may disallow connections to its own.
            try await PostgresTestServer.adminURL().withTestConnection { connection in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER DATABASE \(server.database) ALLOW_CONNECTIONS false"),
                    logger: PostgresTests.AccessTests.logger)
                let again = try TraindbProcess.run(try Self.tokenSync(b, server, in: directory))
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER DATABASE \(server.database) ALLOW_CONNECTIONS true"),
                    logger: PostgresTests.AccessTests.logger)
                #expect(again.status == 3, "\(again.stderr)")
                #expect(
                    again.stderr.contains("error[sync.account_deleted]: nothing synced: the account \(Self.user)"),
                    "\(again.stderr)")
            }
            #expect(try await Self.serverRows(Self.user, on: server) == emptied)
            #expect(try Self.rows(b) == edited)
            do {
                _ = try await Self.sync(b, server)
                Issue.record("the library's sync of a deleted account went through")
            } catch let error as PostgresStoreError {
                #expect(error.code == "sync.account_deleted" && error.message.contains(moment), "\(error)")
            }

            // A third device, a new user signing up, syncs as ever.
            let newUser = "d0000000-0000-4000-8000-00000000000d"
            let c = try SyncDevice(path: directory.path("c.sqlite"), seed: 3, now: "2026-01-06T08:00:00Z")
            try c.startProgramme()
            try c.workout(0, at: "2026-01-06T18:00:00Z")
            let report = try await LogSync().sync(userDatabase: c.path, with: server, user: newUser)
            #expect(report.pushed > 0 && report.conflicts.isEmpty)
            let theirs = try await Self.serverRows(newUser, on: server)
            #expect(try theirs["logged_sets"] == c.rows()["logged_sets"]?.count, "\(theirs)")
            #expect(try await Self.deletedAt(newUser, on: server).isEmpty)

            // Deleting the account on B works still: the server has nothing left, the log goes.
            let deletedHere = try TraindbProcess.run(
                ["account", "delete", "--store", b.path, "--postgres", server.description, "--yes"] + token)
            #expect(deletedHere.status == 0, "\(deletedHere.stderr)")
            #expect(!FileManager.default.fileExists(atPath: b.path))
            #expect(try await Self.deletedAt(Self.user, on: server) == [moment], "deleting again moved the moment")
        }
    }
}

extension SyncDevice {
    /// Every row of the log's tables, as the sync tests compare them.
    func rows() throws -> [String: [String]] {
        try PostgresTests.SyncTests.rows(self)
    }
}
