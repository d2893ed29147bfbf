import Foundation
@testable import PostgresStore
import TestSupport
import Testing
import TrainingLog

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
}
