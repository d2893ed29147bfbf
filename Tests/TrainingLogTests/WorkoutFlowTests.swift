import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

@Suite("workouts from start to completion (business rules §11)")
struct WorkoutFlowTests {
    static func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as TrainingLogError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    @Test("preconditions: one open workout, a completed set to submit, a submitted exercise to complete")
    func preconditions() throws {
        let log = try LogFixture.log()
        let bench = "barbell_bench_press"
        #expect(
            Self.code { try log.logSet(exercise: bench, SetEntry(reps: 8, weight: 60, unit: .kg)) }
                == "log.no_open_workout")
        #expect(Self.code { try log.completeWorkout() } == "log.no_open_workout")
        #expect(Self.code { try log.startWorkout(session: "Pull") } == "log.unknown_session")
        try log.startWorkout(session: "day-1")
        #expect(Self.code { try log.startWorkout(session: "Legs") } == "log.workout_open")
        #expect(
            Self.code { try log.startProgramme(LogFixture.programme, questionnaireJSON: "{}") } == "log.workout_open")
        #expect(Self.code { try log.submit(exercise: bench) } == "log.no_completed_set")
        #expect(
            Self.code { try log.logSet(exercise: "cable_row", SetEntry(reps: 8, weight: 60, unit: .kg)) }
                == "log.unknown_exercise")
        try log.logSet(exercise: bench, SetEntry(reps: 8, weight: 60, unit: .kg), completed: false)
        #expect(Self.code { try log.submit(exercise: bench) } == "log.no_completed_set")
        #expect(Self.code { try log.completeWorkout() } == "log.nothing_submitted")
        #expect(Self.code { try log.editSet(exercise: bench, number: 2, completed: true) } == "log.unknown_set")
        try log.logSet(exercise: bench, SetEntry(reps: 9, weight: 60, unit: .kg))
        let submitted = try log.submit(exercise: bench)
        #expect(submitted.prompt.incompleteSets == 1)
        #expect(submitted.text.contains("1 set left incomplete"))
        #expect(try log.completeWorkout().exercises.map(\.exerciseId) == [bench])
    }

    @Test("discarding a workout no server has seen leaves no row of it")
    func discardLeavesNoRow() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let log = try LogFixture.log(path: path)
            try log.startWorkout(session: "Push")
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
            try log.logSet(exercise: "push_up", SetEntry(reps: 12, weight: 0, unit: .kg))
            try log.submit(exercise: "push_up")
            let discarded = try log.discardWorkout()
            #expect(discarded.setsDiscarded == 2)
            #expect(try log.currentWorkout() == nil)
            let queue = try DatabaseQueue(path: path)
            try queue.read { db throws in
                for table in ["workouts", "exercise_logs", "logged_sets", "deleted_rows"] {
                    #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") == 0, "\(table)")
                }
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM programmes") == 1)
            }
        }
    }

    @Test("discarding rows a server has seen leaves only their ids, for the sync")
    func discardRecordsSyncedIDs() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let log = try LogFixture.log(path: path)
            try log.startWorkout(session: "Push")
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
            let queue = try DatabaseQueue(path: path)
            let synced = try queue.write { db -> [String] in
                try db.execute(sql: "UPDATE workouts SET synced_at = updated_at")
                try db.execute(sql: "UPDATE logged_sets SET synced_at = updated_at")
                return try String.fetchAll(db, sql: "SELECT id FROM workouts UNION ALL SELECT id FROM logged_sets")
            }
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 7, weight: 60, unit: .kg))
            try log.discardWorkout()
            try queue.read { db throws in
                #expect(
                    try String.fetchAll(db, sql: "SELECT row_id FROM deleted_rows ORDER BY row_id") == synced.sorted())
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM logged_sets") == 0)
            }
        }
    }

    @Test("a swap keeps the slot's prescription and both exercises; it stays in the swap group, before any set")
    func swap() throws {
        let log = try LogFixture.log()
        try log.startWorkout(session: "Push")
        #expect(Self.code { try log.swap(exercise: "barbell_bench_press", for: "push_up") } == "log.swap_refused")
        #expect(Self.code { try log.swap(exercise: "barbell_bench_press", for: "nope") } == "log.swap_refused")
        let swapped = try log.swap(exercise: "barbell_bench_press", for: "dumbbell_bench_press")
        #expect(swapped.exercise.exerciseId == "dumbbell_bench_press")
        #expect(swapped.exercise.swappedFrom == "barbell_bench_press")
        #expect(swapped.exercise.prescription == "3 × 8-12, rest 120 s")
        try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 12, weight: 20, unit: .kg))
        #expect(
            Self.code { try log.swap(exercise: "dumbbell_bench_press", for: "barbell_bench_press") }
                == "log.swap_refused")
        let prompt = try log.submit(exercise: "dumbbell_bench_press").prompt
        #expect(prompt.message.contains("1 of 3 sets completed"))
    }

    @Test("completion records the duration to the last submission and the totals against each baseline")
    func completionTotals() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        let first = try LogFixture.workout(
            log, clock: clock, "Push", at: "2026-01-05T18:00:00Z",
            [
                "barbell_bench_press": [(10, 60), (9, 60), (8, 60)], "push_up": [(12, 0), (11, 0)],
            ])
        #expect(first.firstTime)
        #expect(first.increasedReps == nil)
        #expect(first.text.contains("First time completing this workout!"))
        // 5 sets a minute apart and two submissions 30 s after: 6 minutes.
        #expect(first.durationSeconds == 360)
        #expect(first.duration == "6:00")
        let second = try LogFixture.workout(
            log, clock: clock, "Push", at: "2026-01-12T18:00:00Z",
            [
                "barbell_bench_press": [(12, 60), (9, 60), (8, 62.5)], "push_up": [(12, 0)],
            ])
        #expect(!second.firstTime)
        // The sum of the exercises' changes, as their prompts state them (business rules §8):
        // bench 29 − 27 = +2, push-ups 12 − 23 = −11 (one set fewer); load +140 kg on the bench.
        #expect(second.increasedReps == -9)
        #expect(second.increasedLoadKg == 140.0)
        #expect(second.exercises[0].sets.map(\.gain) == ["+2", nil, nil])
        #expect(second.exercises[0].progressed)
        #expect(!second.exercises[1].progressed)
        #expect(second.text.contains("Total increased reps: -9 · Total increased load: +140 kg"))
    }

    @Test("every workout below target after another steps the load down to 90% of what was used")
    func deloadThroughTheLog() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        var outcomes: [(PromptOutcome, Double, Bool)] = []
        for week in 0..<3 {
            clock.set(LogFixture.moment("2026-01-05T18:00:00Z").addingTimeInterval(Double(week) * 7 * 86_400))
            try log.startWorkout(session: "Push")
            for reps in [7, 6, 6] {
                try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: reps, weight: 62.5, unit: .kg))
            }
            let prompt = try log.submit(exercise: "barbell_bench_press").prompt
            outcomes.append((prompt.outcome, prompt.nextLoadKg, prompt.deload))
            try log.completeWorkout()
        }
        // Business rules §8: the second and every later workout in a row below target suggests
        // 90% of the load used (62.5 kg → 56.25, down to the 2.5 kg step: 55 kg).
        #expect(outcomes.map(\.0) == [.below, .below, .below])
        #expect(outcomes.map(\.1) == [62.5, 55, 55])
        #expect(outcomes.map(\.2) == [false, true, true])
    }

    @Test("an edited exercise is judged again when resubmitted")
    func resubmit() throws {
        let log = try LogFixture.log()
        try log.startWorkout(session: "Push")
        for reps in [12, 12, 7] {
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: reps, weight: 60, unit: .kg))
        }
        #expect(try log.submit(exercise: "barbell_bench_press").prompt.outcome == .below)
        try log.editSet(exercise: "barbell_bench_press", number: 3, SetEntry(reps: 12, weight: 60, unit: .kg))
        let again = try log.submit(exercise: "barbell_bench_press")
        #expect(again.prompt.outcome == .exceeded)
        #expect(again.nextLoad == "62.5 kg")
        #expect(try log.currentWorkout()?.exercises[0].outcome == .exceeded)
    }

    @Test("a new programme replaces the active one and keeps every log")
    func newProgrammeKeepsLogs() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        try LogFixture.workout(
            log, clock: clock, "Push", at: "2026-01-05T18:00:00Z", ["barbell_bench_press": [(10, 60)]])
        var next = LogFixture.programme
        next.id = "second-programme"
        let started = try log.startProgramme(next, questionnaireJSON: "{}", startDate: LogFixture.date("2026-01-12"))
        #expect(started.replacedProgrammeId == "fixture-programme")
        #expect(try log.activeProgramme()?.id == "second-programme")
        #expect(try log.exerciseHistory("barbell_bench_press").entries.count == 1)
        // The baseline carries across programmes by session name.
        clock.set(LogFixture.moment("2026-01-12T18:00:00Z"))
        try log.startWorkout(session: "Push")
        #expect(
            try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 11, weight: 60, unit: .kg))
                .exercise.repCounter?.shown == "+1")
    }
}
