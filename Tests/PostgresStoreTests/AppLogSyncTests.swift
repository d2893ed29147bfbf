import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

@testable import PostgresStore

extension PostgresTests.SyncTests {
    @Test("the app syncs its open log on its own connection: its sets go up, another device's come down into it")
    func appLogSyncs() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let first = try await LogSync().sync(a.log, with: server, user: Self.user)
            let sets = try Self.count("logged_sets", at: a.path)
            #expect(sets > 0 && first.tables.first { $0.table == "logged_sets" }?.pushed == sets, "\(first.tables)")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == sets)
            #expect(try Self.count("logged_sets", at: a.path, where: "synced_at IS NOT updated_at") == 0)

            // Another device's workout, read by the app through the log it kept open all along.
            _ = try await Self.sync(b, server)
            try b.workout(1, at: "2026-01-06T18:00:00Z")
            _ = try await Self.sync(b, server)
            #expect(try a.log.workoutHistory().count == 1)
            let second = try await LogSync().sync(a.log, with: server, user: Self.user)
            #expect(second.pushed == 0 && second.pulled > 0, "\(second.tables)")
            #expect(try a.log.workoutHistory().count == 2, "the app's log does not show the other device's workout")
            #expect(try Self.rows(a) == Self.rows(b))

            // The log is still the app's: it logs on, and the next sync sends that alone.
            let synced = try Self.count("logged_sets", at: a.path)
            try a.workout(2, at: "2026-01-07T18:00:00Z")
            let logged = try Self.count("logged_sets", at: a.path) - synced
            let third = try await LogSync().sync(a.log, with: server, user: Self.user)
            #expect(logged > 0 && third.tables.first { $0.table == "logged_sets" }?.pushed == logged, "\(third.tables)")
            let idle = try await LogSync().sync(a.log, with: server, user: Self.user)
            #expect(idle.pushed == 0 && idle.pulled == 0)
        }
    }

    @Test("a log the app keeps in memory syncs too: there is no file for a connection of the sync's own")
    func inMemoryLogSyncs() async throws {
        try await Self.withTwoDevices { server, _, b, _ in
            let (_, catalog, programme, questionnaire) = try SyncDevice.catalogue.get()
            let clock = ManualClock(Timestamp.parse("2026-01-05T08:00:00Z") ?? Date())
            let log = try TrainingLog(
                inMemory: catalog, clock: clock, ids: SeededRowIDs(seed: 41),
                newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
            // The first sync brings the user's subscription, which a workout needs.
            _ = try await LogSync().sync(log, with: server, user: Self.user)
            try log.startProgramme(programme, questionnaireJSON: questionnaire)
            clock.set(Timestamp.parse("2026-01-05T18:00:00Z") ?? Date())
            let workout = try log.startWorkout(session: programme.sessions[0].dayName)
            let exercise = try #require(workout.exercises.first?.exerciseId)
            for reps in [8, 7] {
                clock.advance(by: 60)
                try log.logSet(exercise: exercise, SetEntry(reps: reps, weight: 60, unit: .kg))
            }
            let second = try await LogSync().sync(log, with: server, user: Self.user)
            #expect(second.tables.first { $0.table == "logged_sets" }?.pushed == 2, "\(second.tables)")
            _ = try await Self.sync(b, server)
            #expect(try Self.firstExerciseSets(b) == [8, 7])
        }
    }

    @Test("a log opened for reading only is refused before anything is sent, and left as it was")
    func readOnlyLogRefused() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let (_, catalog, _, _) = try SyncDevice.catalogue.get()
            let reader = try TrainingLog(
                path: a.path, catalog: catalog, clock: a.clock, ids: SeededRowIDs(seed: 5),
                newUser: UserSettings(unit: .kg, timeZone: .gmt), readOnly: true)
            let error = await #expect(throws: PostgresStoreError.self) {
                try await LogSync().sync(reader, with: server, user: Self.user)
            }
            #expect(error?.code == "sync.read_only_log")
            #expect(error?.message.contains("open for reading only") == true, "\(String(describing: error))")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == nil)
            #expect(try Self.count("logged_sets", at: a.path, where: "synced_at IS NULL") > 0)
        }
    }

    @Test("sets the app logs on its own log while its sync waits for the server are kept, and go with the next sync")
    func appLogEditDuringSync() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z", complete: false)
            _ = try await LogSync().sync(a.log, with: server, user: Self.user)
            let exercise = try #require(try a.log.currentWorkout()?.exercises[0].exerciseId)
            let report = try await LogSync().sync(a.log, with: server, user: Self.user, role: "authenticated") {
                a.clock.advance(by: 60)
                try a.log.editSet(exercise: exercise, number: 1, SetEntry(reps: 10, weight: 60, unit: .kg))
                try a.log.logSet(exercise: exercise, SetEntry(reps: 7, weight: 60, unit: .kg))
            }
            #expect(report.conflicts.isEmpty)
            #expect(try Self.firstExerciseSets(a) == [10, 8, 8, 7], "an edit made during the sync was overwritten")
            let next = try await LogSync().sync(a.log, with: server, user: Self.user)
            #expect(next.tables.first { $0.table == "logged_sets" }?.pushed == 2, "\(next.tables)")
            _ = try await Self.sync(b, server)
            #expect(try Self.firstExerciseSets(b) == [10, 8, 8, 7])
        }
    }
}
