import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

@testable import PostgresStore

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

extension PostgresTests.SyncTests {
    /// A's open workout on both devices, and B's edit of its first set on the server since.
    static func withEditedOpenWorkout(
        _ body: (PostgresURL, SyncDevice, SyncDevice, String) async throws -> Void
    ) async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            let exercise = try #require(try b.log.currentWorkout()?.exercises.first?.exerciseId)
            b.clock.set(Timestamp.parse("2026-01-05T18:40:00Z") ?? Date())
            try b.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 12, weight: 60, unit: .kg))
            _ = try await Self.sync(b, server)
            try await body(server, a, b, exercise)
        }
    }

    @Test("a set deleted here while the server answers stays deleted, though another device changed it")
    func setDeletedDuringSync() async throws {
        try await Self.withEditedOpenWorkout { server, a, b, _ in
            let queue = try DatabaseQueue(path: a.path)
            let first = try #require(
                try await queue.read { db in
                    try String.fetchOne(
                        db,
                        sql: """
                            SELECT s.id FROM logged_sets AS s JOIN exercise_logs AS e ON e.id = s.exercise_log_id
                            WHERE e.position = 1 AND s.set_number = 1
                            """)
                })
            try queue.close()
            let report = try await LogSync().sync(
                userDatabase: a.path, with: server, user: Self.user, role: "authenticated"
            ) {
                // As the app deletes a set the server has seen: the row goes, its id stays for the sync.
                try Self.write(
                    a, "DELETE FROM logged_sets WHERE id = ?; INSERT INTO deleted_rows VALUES (?, 'logged_sets', ?)",
                    [first, first, "2026-01-05T18:45:00.000Z"])
            }
            #expect(report.conflicts.isEmpty)
            #expect(try Self.firstExerciseSets(a) == [8, 8], "the deleted set came back")
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            #expect(try Self.firstExerciseSets(b) == [8, 8])
            #expect(try Self.rows(a) == Self.rows(b))
        }
    }

    @Test("a workout discarded while the server answers stays discarded, sets another device edited included")
    func workoutDiscardedDuringSync() async throws {
        try await Self.withEditedOpenWorkout { server, a, b, _ in
            a.clock.set(Timestamp.parse("2026-01-05T18:45:00Z") ?? Date())
            _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, role: "authenticated") {
                try a.log.discardWorkout()
            }
            #expect(try a.log.currentWorkout() == nil, "the discarded workout came back")
            _ = try await Self.sync(a, server)
            #expect(try await Self.owners("logged_sets", server)[Self.user] == nil)
            _ = try await Self.sync(b, server)
            #expect(try b.log.currentWorkout() == nil)
            #expect(try Self.rows(a) == Self.rows(b))
        }
    }

    @Test("a workout this sync sends and the user discards meanwhile is deleted on the server by the next")
    func sentThenDiscarded() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            a.clock.set(Timestamp.parse("2026-01-05T18:45:00Z") ?? Date())
            let first = try await LogSync().sync(
                userDatabase: a.path, with: server, user: Self.user, role: "authenticated"
            ) {
                // Never synced when discarded: the app keeps no id of it, but the server now holds it.
                try a.log.discardWorkout()
            }
            #expect(first.tables.first { $0.table == "workouts" }?.pushed == 1)
            #expect(try a.log.currentWorkout() == nil)
            let next = try await Self.sync(a, server)
            #expect(next.deletionsPushed > 20, "\(next.deletionsPushed) deletions pushed")
            #expect(
                try await Self.owners("workouts", server)[Self.user] == nil,
                "the discarded workout stayed on the server")
            _ = try await Self.sync(b, server)
            #expect(try b.log.currentWorkout() == nil)
            #expect(try Self.rows(a) == Self.rows(b))
        }
    }
}

extension PostgresTests.SyncTests {
    @Test("a workout discarded on one device and another started: the device that held the first takes both changes")
    func discardedThenAnotherStarted() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            _ = try await Self.sync(a, server)
            _ = try await Self.sync(b, server)
            #expect(try b.log.currentWorkout() != nil)
            a.clock.set(Timestamp.parse("2026-01-05T18:20:00Z") ?? Date())
            try a.log.discardWorkout()
            try a.workout(1, at: "2026-01-05T18:30:00Z", complete: false)
            let session = try a.log.currentWorkout()?.sessionName
            _ = try await Self.sync(a, server)
            // B held the discarded workout open: it goes before the new one comes.
            let report = try await Self.sync(b, server)
            #expect(
                report.tables.first { $0.table == "workouts" }.map { ($0.pulled, $0.deletedHere) } ?? (0, 0) == (1, 1))
            #expect(try b.log.currentWorkout()?.sessionName == session)
            #expect(try Self.rows(a) == Self.rows(b))
        }
    }
}
