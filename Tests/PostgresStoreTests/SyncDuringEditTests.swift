import Foundation
@testable import PostgresStore
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

extension PostgresTests.SyncTests {
    /// The reps of each set of the open workout's first exercise, as the device shows them.
    static func firstExerciseSets(_ device: SyncDevice) throws -> [Int] {
        let workout = try #require(try device.log.currentWorkout())
        return workout.exercises[0].sets.map(\.reps)
    }

    @Test("sets logged and edited while a sync runs are kept on the device and go up with the next sync")
    func editDuringSync() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            _ = try await Self.sync(a, server)
            let exercise = try #require(try a.log.currentWorkout()?.exercises[0].exerciseId)
            // Changed before the sync (sent by it), then again while the server answers.
            a.clock.advance(by: 60)
            try a.log.editSet(exercise: exercise, number: 2, SetEntry(reps: 9, weight: 60, unit: .kg))

            let report = try await LogSync().sync(
                userDatabase: a.path, with: server, user: Self.user, role: "authenticated"
            ) {
                a.clock.advance(by: 60)
                try a.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 10, weight: 60, unit: .kg))
                try a.log.editSet(exercise: exercise, number: 2, SetEntry(reps: 11, weight: 60, unit: .kg))
                try a.log.logSet(exercise: exercise, SetEntry(reps: 7, weight: 60, unit: .kg))
            }
            #expect(report.conflicts.isEmpty)
            #expect(try Self.firstExerciseSets(a) == [10, 11, 8, 7], "an edit made during the sync was overwritten")

            let next = try await Self.sync(a, server)
            #expect(next.conflicts.isEmpty)
            #expect(next.tables.first { $0.table == "logged_sets" }?.pushed == 3)
            _ = try await Self.sync(b, server)
            #expect(try Self.firstExerciseSets(b) == [10, 11, 8, 7])
            let idle = try await Self.sync(a, server)
            #expect(idle.pushed == 0 && idle.tables.allSatisfy { $0.pulled == 0 })
        }
    }
}
