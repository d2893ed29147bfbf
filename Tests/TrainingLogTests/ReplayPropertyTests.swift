import Foundation
import OrderedJSON
import ProgrammeGenerator
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

/// Random event sequences in the replay format, run against the fixture's programme: whatever the
/// order of starts, sets (valid or not), submits, swaps, completions and discards, the log's
/// answers keep their invariants, and the same events give the same bytes.
@Suite("replay properties")
struct ReplayPropertyTests {
    static let exercises = [
        "barbell_bench_press", "push_up", "barbell_back_squat", "plate_loaded_leg_press",
        "dumbbell_bench_press", "day-1-exercise-1", "cable_row",
    ]

    static let sessions = [
        "Push": ["barbell_bench_press", "push_up"], "Legs": ["barbell_back_squat", "plate_loaded_leg_press"],
        "day-2": ["barbell_back_squat", "plate_loaded_leg_press"], "Pull": exercises,
    ]

    /// `count` events from `seed`, one JSON object per line, seconds to days apart. Like the app,
    /// mostly sensible (a start when no workout is open, sets of the session's exercises, in range);
    /// now and then anything: an unknown session or exercise, an out-of-range set, an early submit.
    static func events(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        var moment = LogFixture.moment("2026-01-05T06:00:00Z")
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        var lines: [String] = []
        var session: [String] = []
        func exercise() -> String { session.isEmpty || chance(15) ? pick(exercises) : pick(session) }
        for _ in 0..<count {
            let pause = chance(10) ? random.next() % 259_200 : random.next() % 300
            moment.addTimeInterval(Double(pause))
            var fields: [(String, JSONValue)] = [("at", .string(Timestamp.text(moment)))]
            let roll = session.isEmpty && chance(70) ? 0 : random.next() % 20
            switch roll {
            case 0:
                let name = pick(["Push", "Legs", "day-2", "Pull"])
                session = sessions[name] ?? []
                fields += [("event", .string("start")), ("session", .string(name))]
            case 1..<10:
                let reps = chance(8) ? pick([0, 101, -1]) : Int(random.next() % 20) + 1
                let weight = chance(8) ? pick([-2.5, 500.5, 1e9]) : Double(random.next() % 81) * 2.5
                fields += [
                    ("event", .string("set")), ("exercise", .string(exercise())), ("reps", .integer(reps)),
                    ("weight", .number(weight)),
                ]
                if chance(20) { fields.append(("completed", .bool(false))) }
                if chance(15) { fields.append(("set", .integer(Int(random.next() % 4) + 1))) }
                if chance(15) { fields.append(("unit", .string("lbs"))) }
            case 10..<14: fields += [("event", .string("submit")), ("exercise", .string(exercise()))]
            case 14:
                let swap = [("exercise", JSONValue.string(exercise())), ("to", .string(pick(exercises)))]
                fields += [("event", .string("swap"))] + swap
            case 15:
                fields += [("event", .string(chance(75) ? "complete" : "discard"))]
                session = []
            case 16: fields += [("event", .string(pick(["dismiss-rest", "show"])))]
            default:
                fields += [("event", .string(pick(["week", "streak", "history-workouts", "history-exercise"])))]
                if fields.last?.1 == .string("history-exercise") { fields.append(("exercise", .string(exercise()))) }
            }
            lines.append(JSONValue.object(fields).rendered())
        }
        return lines
    }

    /// A fresh log with the fixture's programme, and a replay over it.
    static func replay() throws -> LogReplay {
        let clock = ManualClock(LogFixture.moment("2026-01-05T06:00:00Z"))
        return LogReplay(log: try LogFixture.log(clock: clock), clock: clock, catalog: nil)
    }

    @Test("invariants hold after every event of random sequences", arguments: 1...12 as ClosedRange<UInt64>)
    func invariants(seed: UInt64) throws {
        let replay = try Self.replay()
        var accepted: [String: Int] = [:]
        var totals = WorkoutTotals()
        for (number, line) in Self.events(seed: seed, count: 400).enumerated() {
            guard let step = replay.run(line: line, number: number + 1) else { continue }
            if step.error == nil { accepted[step.event ?? "", default: 0] += 1 }
            try Self.check(step, replay.log)
            totals.follow(step)
        }
        // The sequences reach deep enough: sets stored, exercises submitted, workouts completed.
        #expect(accepted["set", default: 0] >= 10 && accepted["submit", default: 0] >= 2, "\(accepted)")
        let history = try replay.log.workoutHistory()
        #expect(!history.isEmpty)
        let starts = history.map(\.startedAt)
        #expect(starts == starts.sorted(by: >), "workout history newest first")
        let days = Set(history.map(\.date))
        let streak = try replay.log.streak()
        #expect(streak.current >= 0 && streak.current <= streak.longest && streak.longest <= days.count)
        for exercise in Self.exercises {
            // A slot's id is not an exercise: its history is refused by name.
            guard exercise != "day-1-exercise-1" else {
                #expect(throws: TrainingLogError.self) { try replay.log.exerciseHistory(exercise) }
                continue
            }
            let entries = try replay.log.exerciseHistory(exercise).entries
            #expect(entries.map(\.date) == entries.map(\.date).sorted(by: >), "\(exercise) history newest first")
            #expect(entries.allSatisfy { $0.totalReps > 0 && $0.volumeKg >= 0 && !$0.sets.isEmpty })
        }
    }

    /// The prompts' changes of the open workout, to check its summary against: a workout's
    /// total is the sum of its exercises' changes, as their prompts state them (business
    /// rules §8). A set changed after its exercise's prompt makes that workout uncheckable.
    struct WorkoutTotals {
        var changes: [String: Int?] = [:]
        var stale = false

        mutating func follow(_ step: LogReplay.Step) {
            guard step.error == nil else { return }
            if step.event == "start" {
                self = WorkoutTotals()
                return
            }
            switch step.result {
            case .submitted(let submitted)?:
                changes[submitted.exercise.exerciseId] = submitted.prompt.repsChange
            case .set(let logged)?:
                if changes[logged.exercise.exerciseId] != nil { stale = true }
            case .completed(let summary)?:
                if !stale, let total = summary.increasedReps {
                    let sum = changes.values.compactMap { $0 }.reduce(0, +)
                    #expect(total == sum, "the workout's total \(total), its prompts' changes \(changes)")
                }
                self = WorkoutTotals()
            case .discarded?:
                self = WorkoutTotals()
            default:
                break
            }
        }
    }

    static func check(_ step: LogReplay.Step, _ log: TrainingLog) throws {
        switch step.result {
        case .set(let logged)?:
            #expect(SetEntry.repsRange.contains(logged.set.reps))
            #expect(SetEntry.kilogramsRange.contains(logged.set.weightKg))
            if let timer = logged.restTimer {
                #expect(timer.remainingSeconds > 0 && timer.remainingSeconds <= timer.durationSeconds)
            }
        case .submitted(let submitted)?:
            #expect(submitted.prompt.incompleteSets >= 0 && submitted.prompt.nextLoadKg >= 0)
            #expect(submitted.exercise.sets.contains { $0.completed })
        case .completed(let summary)?:
            #expect(summary.durationSeconds >= 0 && !summary.exercises.isEmpty)
            #expect(summary.firstTime == (summary.increasedReps == nil))
        case .discarded(let discarded)?:
            #expect(discarded.setsDiscarded >= 0)
            #expect(try log.currentWorkout() == nil)
        case .week(let week)?:
            #expect(week.completedSessions >= 0 && week.completedSessions <= week.scheduledSessions)
            #expect(week.days.count == 7)
        case .streak(let streak)?:
            #expect(streak.current >= 0 && streak.current <= streak.longest)
        case .exerciseHistory(let history)?:
            #expect(history.entries.map(\.date) == history.entries.map(\.date).sorted(by: >))
            #expect(history.entries.allSatisfy { $0.totalReps > 0 && $0.volumeKg >= 0 })
            // A volume PR is more work than every entry before it, at 0.1 kg: never equal work.
            var best: Int?
            for entry in history.entries.reversed() {
                let volume = PerformedSet.tenths(entry.volumeKg)
                if entry.records.contains("volume") { #expect(volume > best ?? Int.min) }
                best = max(best ?? volume, volume)
            }
        case .swapped(let swapped)?:
            // Only an exercise of the slot's swap group, as traindb swap lists them.
            let prescribed = swapped.exercise.swappedFrom ?? swapped.previousExerciseId
            let group = LogFixture.catalog.entry(prescribed)?.canonicalName
            #expect(LogFixture.catalog.entry(swapped.exercise.exerciseId)?.canonicalName == group)
        case .workoutHistory(let summaries)?:
            #expect(summaries.map(\.startedAt) == summaries.map(\.startedAt).sorted(by: >))
        case .workout(let workout)?:
            guard let workout else { break }
            #expect(workout.elapsedSeconds >= 0)
            #expect(workout.exercises.allSatisfy { $0.sets.allSatisfy { SetEntry.repsRange.contains($0.reps) } })
        default:
            break
        }
        if let error = step.error {
            #expect(!error.code.isEmpty && !error.message.isEmpty)
        }
    }

    @Test("the same events give the same bytes", arguments: [7, 8] as [UInt64])
    func sameBytes(seed: UInt64) throws {
        let events = Self.events(seed: seed, count: 120)
        func bytes() throws -> String {
            let replay = try Self.replay()
            let encoder = OrderedJSONEncoder()
            return try events.enumerated().compactMap { replay.run(line: $1, number: $0 + 1) }
                .map { try encoder.encodeText($0) }.joined(separator: "\n")
        }
        let first = try bytes()
        #expect(first.count > 10_000)
        #expect(first == (try bytes()))
    }
}
