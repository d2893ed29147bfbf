import Foundation
import Testing
import TrainingCalendar
import TrainingLog

@Suite("units, validation, the warm-up set and the rest timer (business rules §6, §11)")
struct EntryRuleTests {
    @Test(
        "a weight entered in lbs reads back as entered; kg shows as kg × 2.20462 in lbs",
        arguments: [0, 2.5, 45, 135, 137.5, 225.3, 315, 1102.3])
    func poundsRoundTrip(pounds: Double) {
        let kilograms = WeightUnit.lbs.kilograms(pounds)
        #expect(WeightUnit.lbs.shown(kilograms) == pounds)
        #expect(abs(kilograms * WeightUnit.poundsPerKilogram - pounds) < 1e-9)
    }

    @Test(
        "weights as shown",
        arguments: [
            (60.0, WeightUnit.kg, "60 kg"), (62.5, .kg, "62.5 kg"), (61.23504, .kg, "61.24 kg"),
            (60, .lbs, "132.3 lbs"),
            (100, .lbs, "220.5 lbs"), (0, .lbs, "0 lbs"), (20.41, .lbs, "45 lbs"),
        ])
    func shown(kilograms: Double, unit: WeightUnit, text: String) {
        #expect(unit.text(kilograms) == text)
    }

    @Test(
        "reps 1-100 and 0-500 kg, else \"Please enter valid weight and reps\"",
        arguments: [
            (1, 0.0, WeightUnit.kg, true), (100, 500, .kg, true), (0, 60, .kg, false), (101, 60, .kg, false),
            (10, -0.5, .kg, false), (10, 500.01, .kg, false), (10, .nan, .kg, false), (10, .infinity, .kg, false),
            (10, 1102.3, .lbs, true), (10, 1102.4, .lbs, false), (-3, 60, .lbs, false),
        ])
    func validation(reps: Int, weight: Double, unit: WeightUnit, valid: Bool) throws {
        let entry = SetEntry(reps: reps, weight: weight, unit: unit)
        if valid {
            #expect(try entry.checkedKilograms() == (unit.kilograms(weight) * 1000).rounded() / 1000, "to the gram")
            return
        }
        let error = #expect(throws: TrainingLogError.self) { try entry.checkedKilograms() }
        #expect(error?.code == "set.invalid")
        #expect(error?.message.hasPrefix("Please enter valid weight and reps: ") == true)
        #expect(error?.message.contains(reps == 0 || reps > 100 || reps < 0 ? "reps \(reps)" : "weight ") == true)
        // Through the log: refused before any write.
        let log = try LogFixture.log()
        try log.startWorkout(session: "Push")
        #expect(throws: TrainingLogError.self) { try log.logSet(exercise: "barbell_bench_press", entry) }
        #expect(try log.currentWorkout()?.exercises[0].sets.isEmpty == true)
    }

    @Test("a user whose unit is lbs enters lbs, is stored in kg, and reads lbs")
    func poundsThroughTheLog() throws {
        let log = try LogFixture.log(unit: .lbs)
        try log.startWorkout(session: "Push")
        let logged = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 135, unit: .lbs))
        #expect(logged.set.weight == "135 lbs")
        #expect(abs(logged.set.weightKg - 61.235) < 0.001)
        try log.updateSettings(unit: .kg)
        #expect(try log.currentWorkout()?.exercises[0].sets[0].weight == "61.24 kg")
    }

    @Test(
        "the warm-up set is 60% of the last working weight, to 2.5 kg, × 10",
        arguments: [
            (100.0, 60.0), (62.5, 37.5), (20, 12.5), (3, 2.5), (1, nil), (0, nil),
        ] as [(Double, Double?)])
    func warmUp(last: Double, suggested: Double?) {
        let suggestion = WarmUpSuggestion(lastWorkingWeightKg: last, unit: .kg)
        #expect(suggestion?.weightKg == suggested)
        if let suggestion {
            #expect(suggestion.reps == 10)
            #expect(suggestion.lowKg == last * 0.5 && suggestion.highKg == last * 0.7)
        }
        #expect(WarmUpSuggestion(lastWorkingWeightKg: nil, unit: .kg) == nil)
    }

    /// (seconds from the completion to now, rest, dismissed seconds after completion, remaining).
    @Test(
        "the rest timer runs from the last completion, ends at zero or when dismissed",
        arguments: [
            (0.0, 120, nil, 120), (30, 120, nil, 90), (119.5, 120, nil, 1), (120, 120, nil, nil), (500, 120, nil, nil),
            (10, 120, 5.0, nil), (10, 120, -5.0, 110), (10, 0, nil, nil),
        ] as [(Double, Int, Double?, Int?)])
    func restTimer(elapsed: Double, rest: Int, dismissed: Double?, remaining: Int?) {
        let completion = Date(timeIntervalSince1970: 1_000_000)
        let timer = RestTimer(
            lastCompletion: completion, restSeconds: rest, dismissedAt: dismissed.map(completion.addingTimeInterval),
            now: completion.addingTimeInterval(elapsed))
        #expect(timer?.remainingSeconds == remaining)
    }

    @Test("through the log: completing a set starts the timer, the next restarts it, dismissing stops it")
    func restTimerThroughTheLog() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        try log.startWorkout(session: "Push")
        let first = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
        #expect(first.restTimer?.remainingSeconds == 120)
        clock.advance(by: 100)
        #expect(try log.currentWorkout()?.restTimer?.shown == "0:20")
        let pushUp = try log.logSet(exercise: "push_up", SetEntry(reps: 12, weight: 0, unit: .kg))
        #expect(pushUp.restTimer?.remainingSeconds == 60)
        clock.advance(by: 10)
        let notDone = try log.logSet(exercise: "push_up", SetEntry(reps: 12, weight: 0, unit: .kg), completed: false)
        #expect(notDone.restTimer?.remainingSeconds == 50)
        #expect(try log.dismissRestTimer().restTimer == nil)
        clock.advance(by: 5)
        let ticked = try log.editSet(exercise: "push_up", number: 2, completed: true)
        #expect(ticked.restTimer?.remainingSeconds == 60)
    }
}
