import Testing
import TrainingCalendar
import TrainingLog

@Suite("the prompt after an exercise (business rules §8)")
struct PromptTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var exercise: String
        var range: String
        var sets: [(Int, Double)]
        var prescribed = 3
        var belowLastTime = false
        var outcome: PromptOutcome
        var next: Double
        var deload = false
        var message: String
        var testDescription: String { "\(exercise) \(sets) → \(outcome.title) \(next)" }
    }

    static let cases: [Case] = [
        Case(
            exercise: "barbell_back_squat", range: "5-8", sets: [(8, 100), (8, 100), (9, 100)], outcome: .exceeded,
            next: 105, message: "All 3 sets at 8+ reps. Next time: 105 kg (+5 kg)."),
        Case(
            exercise: "plate_loaded_leg_press", range: "8-12", sets: [(12, 140), (12, 140), (12, 140)],
            outcome: .exceeded, next: 145, message: "Next time: 145 kg (+5 kg)."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(12, 60), (12, 60), (13, 60)], outcome: .exceeded,
            next: 62.5, message: "Next time: 62.5 kg (+2.5 kg)."),
        Case(
            exercise: "dumbbell_bench_press", range: "8-12", sets: [(12, 20), (12, 20), (12, 20)], outcome: .exceeded,
            next: 22, message: "Next time: 22 kg per dumbbell (+2 kg each)."),
        Case(
            exercise: "barbell_curl", range: "10-15", sets: [(15, 30), (15, 30), (15, 30)], outcome: .exceeded,
            next: 32.5, message: "(+2.5 kg)"),
        Case(
            exercise: "leg_extension", range: "10-15", sets: [(15, 50), (15, 50), (15, 50)], outcome: .exceeded,
            next: 52.5, message: "(+2.5 kg)"),
        Case(
            exercise: "cable_row", range: "8-12", sets: [(12, 50), (12, 50), (12, 50)], outcome: .exceeded,
            next: 52.5, message: "(+2.5 kg)"),
        Case(
            exercise: "push_up", range: "10-15", sets: [(15, 0), (16, 0), (15, 0)], outcome: .exceeded, next: 0,
            message: "Next time: add reps or move to a harder variation."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(12, 60), (12, 60), (12, 62.5)], outcome: .met,
            next: 62.5, message: "All 3 sets in 8-12 reps. Keep 62.5 kg and aim for one more rep."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(12, 60), (12, 60), (12, 60), (6, 40)],
            outcome: .exceeded, next: 62.5, message: "All 3 sets at 12+ reps."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(10, 60), (9, 60), (8, 60)], outcome: .met, next: 60,
            message: "Keep 60 kg and aim for one more rep."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(10, 60), (7, 60), (8, 60)], outcome: .below,
            next: 60, message: "1 of 3 sets under 8 reps. Keep 60 kg next time."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(12, 60), (12, 60)], outcome: .below, next: 60,
            message: "2 of 3 sets completed. Keep 60 kg next time."),
        Case(
            exercise: "barbell_bench_press", range: "8-12", sets: [(7, 62.5), (7, 62.5), (6, 62.5)],
            belowLastTime: true, outcome: .below, next: 55, deload: true,
            message: "Below target again: next time 55 kg (90%)."),
        Case(
            exercise: "barbell_back_squat", range: "5-8", sets: [(4, 100), (4, 100), (3, 100)], belowLastTime: true,
            outcome: .below, next: 90, deload: true, message: "next time 90 kg (90%)"),
        Case(
            exercise: "dumbbell_bench_press", range: "8-12", sets: [(6, 23), (6, 23), (6, 23)], belowLastTime: true,
            outcome: .below, next: 20, deload: true, message: "next time 20 kg (90%)"),
        Case(
            exercise: "push_up", range: "10-15", sets: [(8, 0), (7, 0)], prescribed: 2, belowLastTime: true,
            outcome: .below, next: 0, message: "Aim for 10 reps on every set next time."),
    ]

    @Test("three prompts, the next load by equipment and region, 90% after two workouts below", arguments: cases)
    func prompt(_ testCase: Case) throws {
        let entry = try #require(LogFixture.catalog.entry(testCase.exercise))
        let sets = testCase.sets.enumerated().map {
            PerformedSet(number: $0.offset + 1, reps: $0.element.0, weightKg: $0.element.1)
        }
        let prompt = ProgressionPrompt(
            prescribedSets: testCase.prescribed, repRange: try #require(RepRange(testCase.range)), sets: sets,
            baseline: nil, belowLastTime: testCase.belowLastTime, increment: entry.increment,
            unloaded: entry.isBodyweight && sets.allSatisfy { $0.weightKg == 0 }, unit: .kg, sessionName: "Push")
        #expect(prompt.outcome == testCase.outcome)
        #expect(prompt.title == testCase.outcome.title)
        #expect(prompt.nextLoadKg == testCase.next)
        #expect(prompt.deload == testCase.deload)
        #expect(prompt.message.contains(testCase.message), "\(prompt.message)")
        #expect(prompt.change == "No earlier Push to compare with")
    }

    @Test(
        "increments: +5 kg lower-body barbell and plate-loaded compounds, +2 kg per dumbbell, +2.5 kg otherwise",
        arguments: [
            ("barbell_back_squat", LoadIncrement.Kind.lowerBodyCompound, 5.0),
            ("plate_loaded_leg_press", .lowerBodyCompound, 5), ("barbell_bench_press", .standard, 2.5),
            ("dumbbell_bench_press", .perDumbbell, 2), ("leg_extension", .standard, 2.5),
            ("barbell_curl", .standard, 2.5), ("cable_row", .standard, 2.5), ("push_up", .standard, 2.5),
        ])
    func increments(exercise: String, kind: LoadIncrement.Kind, kilograms: Double) throws {
        let increment = try #require(LogFixture.catalog.entry(exercise)).increment
        #expect(increment.kind == kind)
        #expect(increment.kilograms == kilograms)
    }

    @Test(
        "the change against the baseline",
        arguments: [
            (3, "+3 reps on last time"), (1, "+1 rep on last time"),
            (0, "Same reps as last time"), (-2, "-2 reps on last time"),
        ])
    func change(extra: Int, text: String) throws {
        let baseline = [
            PerformedSet(number: 1, reps: 10, weightKg: 60), PerformedSet(number: 2, reps: 10, weightKg: 60),
        ]
        let sets = [
            PerformedSet(number: 1, reps: 10 + extra, weightKg: 60), PerformedSet(number: 2, reps: 10, weightKg: 60),
        ]
        let prompt = ProgressionPrompt(
            prescribedSets: 2, repRange: RepRange(low: 8, high: 12), sets: sets, baseline: baseline,
            belowLastTime: false, increment: LoadIncrement(kind: .standard), unloaded: false, unit: .kg,
            sessionName: "Push")
        #expect(prompt.change == text)
        #expect(prompt.repsChange == extra)
    }
}
