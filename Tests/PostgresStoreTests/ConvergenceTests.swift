import Foundation
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    /// Devices that always converge (business rules §13), tried as Jepsen tries sync services:
    /// `ConvergenceRun` says how. A small run here; `make soak-sync` runs a long one against a
    /// cluster of its own that it really restarts, and prints its figures.
    @Suite("sync convergence under faults")
    struct ConvergenceTests {
        @Test(
            """
            devices that change, delete and conflict offline, killed mid-sync, the server's sessions ended: all \
            converge, nothing acknowledged lost, nothing foreign
            """
        )
        func smallRun() async throws {
            let figures = try await Self.run(ConvergenceRun.Plan(users: 3, devices: 3, rounds: 8, seed: 20_260_105))
            // The run tried what it is for.
            #expect(figures.acknowledged > 50 && figures.conflicts > 0, "\(figures)")
            #expect(figures.killedAfterCommit > 0 && figures.processesKilled > 0 && figures.restarts > 0, "\(figures)")
            #expect(figures.discardedDuringSync > 0, "\(figures)")
        }

        /// `TRAINDB_SYNC_SOAK="USERS DEVICES ROUNDS SEED"` (`make soak-sync`), with
        /// `TRAINDB_POSTGRES_RESTART`, the command that restarts the server.
        static let soak: ConvergenceRun.Plan? = {
            let environment = ProcessInfo.processInfo.environment
            guard let numbers = environment["TRAINDB_SYNC_SOAK"]?.split(separator: " ").compactMap({ UInt64($0) }),
                numbers.count == 4
            else { return nil }
            return ConvergenceRun.Plan(
                users: Int(numbers[0]), devices: Int(numbers[1]), rounds: Int(numbers[2]), seed: numbers[3],
                restart: environment["TRAINDB_POSTGRES_RESTART"])
        }()

        @Test("the soak: a long run, its server really restarted", .enabled(if: soak != nil))
        func soakRun() async throws {
            guard let plan = Self.soak else { return }
            let figures = try await Self.run(plan)
            print("soak-sync: \(plan): \(figures)")
        }

        /// Runs `plan` against a database of its own; its problems are the test's failures.
        static func run(_ plan: ConvergenceRun.Plan) async throws -> ConvergenceRun.Figures {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    try await PostgresTestServer.migrate(server)
                    // Its devices start programmes and workouts between syncs: each user subscribed.
                    try await PostgresTestServer.subscribeForever(
                        (0..<plan.users).map(ConvergenceRun.userID), on: server)
                    let run = try ConvergenceRun(plan, server: server, directory: directory)
                    let problems = try await run.run()
                    #expect(
                        problems.isEmpty, "\(plan): \(problems.count) problems:\n\(problems.joined(separator: "\n"))")
                    return run.figures
                }
            }
        }
    }
}
