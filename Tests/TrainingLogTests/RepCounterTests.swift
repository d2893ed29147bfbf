import Testing
import TrainingCalendar
import TrainingLog

@Suite("the rep counter (business rules §7)")
struct RepCounterTests {
    /// Sets as (reps, completed); set numbers follow the order.
    static func sets(_ figures: [(Int, Bool)]) -> [PerformedSet] {
        figures.enumerated().map {
            PerformedSet(number: $0.offset + 1, reps: $0.element.0, weightKg: 60, completed: $0.element.1)
        }
    }

    @Test(
        "pairs completed sets by number; a set without a counterpart counts whole; no baseline, no counter",
        arguments: [
            ([(11, true)], [(10, true), (10, true), (10, true)], 1, "+1"),
            ([(11, true), (9, true)], [(10, true), (10, true), (10, true)], 0, nil),
            ([(10, true), (10, true), (10, true), (8, true)], [(10, true), (10, true), (10, true)], 8, "+8"),
            ([(12, true), (12, false)], [(10, true), (10, true)], 2, "+2"),
            ([(10, true), (10, true)], [(10, true), (10, false)], 10, "+10"),
            ([(8, true), (8, true)], [(10, true), (10, true), (10, true)], -4, nil),
            ([], [(10, true)], 0, nil),
        ] as [([(Int, Bool)], [(Int, Bool)], Int, String?)])
    func withBaseline(current: [(Int, Bool)], baseline: [(Int, Bool)], value: Int, shown: String?) throws {
        let counter = try #require(RepCounter(sets: Self.sets(current), baseline: Self.sets(baseline)))
        #expect(counter.value == value)
        #expect(counter.shown == shown)
    }

    @Test("without a baseline there is no counter at all, not 0")
    func withoutBaseline() {
        #expect(RepCounter(sets: Self.sets([(12, true), (12, true)]), baseline: nil) == nil)
    }

    @Test("through the log: the first Push has no counter, the second counts against it")
    func throughTheLog() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        try LogFixture.workout(
            log, clock: clock, "Push", at: "2026-01-05T18:00:00Z",
            [
                "barbell_bench_press": [(10, 60), (9, 60), (8, 60)], "push_up": [(12, 0), (11, 0)],
            ])
        clock.set(LogFixture.moment("2026-01-12T18:00:00Z"))
        let first = try log.startWorkout(session: "push")
        #expect(first.exercises[0].repCounter?.value == 0)
        let one = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 11, weight: 60, unit: .kg))
        #expect(one.exercise.repCounter?.shown == "+1")
        let two = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
        #expect(two.exercise.repCounter?.value == 0)
        #expect(two.exercise.repCounter?.shown == nil)
        let extra = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 9, weight: 60, unit: .kg))
        let four = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 5, weight: 40, unit: .kg))
        #expect(extra.exercise.repCounter?.value == 1)
        #expect(four.exercise.repCounter?.shown == "+6")
        // Legs has never been completed: no baseline, no counter.
        try log.discardWorkout()
        let legs = try log.startWorkout(session: "Legs")
        let squat = try log.logSet(exercise: "barbell_back_squat", SetEntry(reps: 5, weight: 100, unit: .kg))
        #expect(legs.exercises.allSatisfy { $0.repCounter == nil })
        #expect(squat.exercise.repCounter == nil)
    }
}
