import Catalog
import Foundation
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

/// What the rule book settled (business rules §6, §9): equal work is never progress, moments are
/// bounded and in order, notes are bounded, and every refusal names the field, the value and the
/// range, leaving the log as it was.
@Suite("the log's bounds and comparisons (business rules §6, §9)")
struct LogBoundsTests {
    @Test("the same work in another order is neither progress nor a volume record (compared at 0.1 kg)")
    func floatNoiseIsNotProgress() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        // 32.2 × 10 × 3 is 966.0; 32.2 × (12 + 10 + 8) sums to 966.0000000000001 in doubles.
        let even: [(Int, Double)] = [(10, 32.2), (10, 32.2), (10, 32.2)]
        let pyramid: [(Int, Double)] = [(12, 32.2), (10, 32.2), (8, 32.2)]
        try LogFixture.workout(log, clock: clock, "Push", at: "2026-01-05T18:00:00Z", ["barbell_bench_press": even])
        try LogFixture.workout(log, clock: clock, "Push", at: "2026-01-12T18:00:00Z", ["barbell_bench_press": pyramid])
        let history = try log.exerciseHistory("barbell_bench_press")
        let latest = try #require(history.entries.first)
        #expect(history.volumes.map { PerformedSet.tenths($0.volumeKg) } == [9660, 9660])
        #expect(!latest.progressed, "30 reps at 32.2 kg both times")
        #expect(latest.records == ["best_set"], "12 × 32.2 is a better set; the volume is the same")
    }

    @Test("an id neither the catalogue nor the log knows is refused by name")
    func unknownExercise() throws {
        let log = try LogFixture.log()
        let error = #expect(throws: TrainingLogError.self) { try log.exerciseHistory("nope") }
        #expect(error?.code == "log.unknown_exercise")
        #expect(error?.message.contains("\"nope\"") == true)
    }

    @Test("moments outside 2000-2100, or before the workout started, are refused and change nothing")
    func moments() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            try log.startWorkout(session: "Push")
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let entry = SetEntry(reps: 10, weight: 60, unit: .kg)
            for (moment, message) in [
                ("2026-01-05T17:59:00Z", "is before the workout started, at 2026-01-05T18:00:00Z"),
                ("2100-01-01T00:00:00Z", "is outside 2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z"),
                ("1999-12-31T23:59:59Z", "is outside 2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z"),
            ] {
                clock.set(LogFixture.moment(moment))
                let error = #expect(throws: TrainingLogError.self) {
                    try log.logSet(exercise: "barbell_bench_press", entry)
                }
                #expect(error?.code == "log.invalid_moment")
                #expect(error?.message == "the moment \(moment) \(message)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test("no workout before its programme's start date")
    func beforeTheProgramme() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-04T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        let error = #expect(throws: TrainingLogError.self) { try log.startWorkout(session: "Push") }
        #expect(error?.code == "log.invalid_moment")
        #expect(error?.message.hasPrefix("today, 2026-01-04, is before the programme starts, on 2026-01-05") == true)
        clock.set(LogFixture.moment("2026-01-05T06:00:00Z"))
        #expect(throws: Never.self) { try log.startWorkout(session: "Push") }
    }

    @Test("notes of up to 1,000 characters without control characters; line breaks are fine")
    func notes() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        try log.startWorkout(session: "Push")
        clock.advance(by: 60)
        try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 10, weight: 60, unit: .kg))
        for (notes, message) in [
            (String(repeating: "a", count: 1_001), "notes: 1001 characters, at most 1000"),
            // 600 letters each with its accent apart: 600 to the eye, 1,200 to the server, which refuses them.
            (String(repeating: "e\u{301}", count: 600), "notes: 1200 characters, at most 1000"),
            ("grip\u{7}wide", "notes: control character U+0007 is not allowed (line breaks are)"),
            ("grip\twide", "notes: control character U+0009 is not allowed (line breaks are)"),
        ] {
            let error = #expect(throws: TrainingLogError.self) {
                try log.submit(exercise: "barbell_bench_press", notes: notes)
            }
            #expect(error?.code == "log.invalid_notes")
            #expect(error?.message == message)
        }
        #expect(throws: Never.self) {
            try log.submit(exercise: "barbell_bench_press", notes: "Paused reps.\nElbows in.")
        }
    }

    @Test("weights are kept to the gram")
    func grams() throws {
        #expect(try SetEntry(reps: 5, weight: 100, unit: .lbs).checkedKilograms() == 45.359)
        #expect(try SetEntry(reps: 5, weight: 62.50049, unit: .kg).checkedKilograms() == 62.5)
    }
}

/// An exceeded bodyweight exercise moves on by name (business rules §8).
@Suite("bodyweight progressions")
struct BodyweightProgressionTests {
    @Test("push-ups at 15+ reps on every set suggest the next harder push-up of the group, by name")
    func harderVariation() throws {
        let archer = Exercise(
            id: "archer_push_up", displayName: "Archer Push-Up", canonicalName: "Push-Up",
            equipmentCategory: "Bodyweight", primaryMuscle: "Chest", movementPattern: "Pattern", complexity: 3,
            isIsolation: false, includeInProgramme: true)
        let catalog = LogCatalog(exercises: LogFixture.exercises + [archer], muscles: LogFixture.muscles)
        let log = try LogFixture.log(catalog: catalog)
        try log.startWorkout(session: "Push")
        for _ in 0..<2 {
            try log.logSet(exercise: "push_up", SetEntry(reps: 15, weight: 0, unit: .kg))
        }
        let prompt = try log.submit(exercise: "push_up").prompt
        #expect(prompt.outcome == .exceeded)
        #expect(prompt.nextLoadKg == 0)
        #expect(prompt.message == "All 2 sets at 15+ reps. Next time: add reps, or move on to Archer Push-Up.")
    }
}
