// log-bench: how fast the training log answers a user with five years of history.
// Run through `make bench` (release build). Prints figures; it is never a test.
//
// A lifter trains three times a week (Monday, Wednesday, Friday) for five years through the public
// API on a file in a temporary directory: 7 exercises × 3 sets a workout, about 16,000 sets, a new
// eight-week programme every eight weeks. Every submit (the baseline look-up and the prompt) is
// timed as it happens; then the exercise history of the most logged exercise and the week are
// timed on the finished log. Targets: submit p99 ≤ 2 ms, exercise history ≤ 20 ms, week ≤ 2 ms.
import Catalog
import Foundation
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog
import UserStore

/// (id, name, equipment category, primary muscle, isolation); the swap group is the id.
let movements: [(String, String, String, String, Bool)] = [
    ("barbell_back_squat", "Barbell Back Squat", "Barbells", "Quads", false),
    ("barbell_bench_press", "Barbell Bench Press", "Barbells", "Chest", false),
    ("cable_row", "Cable Row", "Cable Machines", "Back", false),
    ("romanian_deadlift", "Romanian Deadlift", "Barbells", "Hamstrings", false),
    ("dumbbell_shoulder_press", "Dumbbell Shoulder Press", "Dumbbells", "Shoulders", false),
    ("lat_pulldown", "Lat Pulldown", "Cable Machines", "Back", false),
    ("plate_loaded_leg_press", "Leg Press", "Plate-loaded Machines", "Quads", false),
    ("dumbbell_curl", "Dumbbell Curl", "Dumbbells", "Biceps", true),
    ("cable_triceps_pushdown", "Triceps Pushdown", "Cable Machines", "Triceps", true),
    ("leg_extension", "Leg Extension", "Pin-loaded Machines", "Quads", true),
    ("seated_calf_raise", "Seated Calf Raise", "Pin-loaded Machines", "Calves", true),
    ("dumbbell_lateral_raise", "Lateral Raise", "Dumbbells", "Shoulders", true),
]
let regions = ["Quads": "lower", "Hamstrings": "lower", "Calves": "lower"]
let exercises = movements.map { id, name, category, muscle, isolation in
    Exercise(
        id: id, displayName: name, canonicalName: id, equipmentCategory: category, primaryMuscle: muscle,
        movementPattern: "Pattern", complexity: 2, isIsolation: isolation, includeInProgramme: true)
}
let muscles = Set(movements.map(\.3)).sorted().map {
    Muscle(name: $0, slug: $0.lowercased(), bodyRegion: regions[$0] ?? "upper")
}
let catalog = LogCatalog(exercises: exercises, muscles: muscles)

/// Three full-body sessions of seven exercises, three sets each.
func programme(created: CalendarDate) -> Programme {
    let days: [(Weekday, [Int])] = [(.mon, [0, 1, 2, 7, 8, 10, 11]), (.wed, [3, 4, 5, 6, 9, 7, 8]),
                                     (.fri, [6, 1, 5, 3, 11, 9, 10])]
    let sessions = days.enumerated().map { index, day in
        ProgrammeSession(
            id: "day-\(index + 1)", dayName: "Full Body \(index + 1)", weekday: day.0, estimatedMinutes: 60,
            warmUp: [],
            exercises: day.1.enumerated().map { slot, movement in
                let exercise = exercises[movement]
                return ProgrammeExercise(
                    id: "day-\(index + 1)-exercise-\(slot + 1)", exerciseId: exercise.id,
                    exerciseName: exercise.displayName, canonicalName: exercise.canonicalName, sets: 3,
                    repRange: exercise.isIsolation ? "10-15" : "6-10", restSeconds: 90,
                    primaryMuscle: exercise.primaryMuscle, equipmentCategory: exercise.equipmentCategory,
                    equipmentItem: nil, isIsolation: exercise.isIsolation, warnings: [])
            },
            emptySlots: [])
    }
    return Programme(
        id: "programme-\(created)", type: .fullBody, daysPerWeek: 3, sessionDuration: .medium, totalWeeks: 8,
        createdDate: created, sessions: sessions, warnings: [])
}

/// Milliseconds of `body` on the wall clock; its thread's CPU time is added to `cpu`, so that a
/// run on a machine other builds share still shows what the call itself costs.
func milliseconds(cpu: inout [Double], _ body: () throws -> Void) rethrows -> Double {
    func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let startCPU = threadCPU()
    try body()
    cpu.append(threadCPU() - startCPU)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

func figures(_ values: [Double]) -> String {
    String(format: "p50 %.3f ms  p99 %.3f ms  max %.3f ms  (%d runs)", percentile(values, 0.5),
           percentile(values, 0.99), values.max() ?? 0, values.count)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("log-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("log.sqlite").path
let london = TimeZone(identifier: "Europe/London") ?? .gmt
let firstMonday = CalendarDate(year: 2021, month: 1, day: 4) ?? CalendarDate(dayNumber: 0)
let clock = ManualClock(firstMonday.start(in: london))
let log = try TrainingLog(
    path: path, catalog: catalog, clock: clock, ids: SeededRowIDs(seed: 5),
    newUser: UserSettings(unit: .kg, timeZone: london))

// Five years: a lifter who adds a rep most weeks and a load when the prompt says so.
var random = SplitMix64(seed: 5)
var loads = Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, $0.isIsolation ? 10.0 : 40.0) })
var submitTimes: [Double] = []
var submitCPU: [Double] = []
var sets = 0
let weeks = 5 * 52
let started = Date()
for week in 0..<weeks {
    let monday = firstMonday.adding(days: 7 * week)
    if week % 8 == 0 {
        clock.set(monday.start(in: london).addingTimeInterval(6 * 3600))
        try log.startProgramme(programme(created: monday), questionnaireJSON: "{}", startDate: monday)
    }
    for (offset, session) in [(0, "day-1"), (2, "day-2"), (4, "day-3")] {
        clock.set(monday.adding(days: offset).start(in: london).addingTimeInterval(18 * 3600))
        let workout = try log.startWorkout(session: session)
        for exercise in workout.exercises {
            let low = exercise.repRange.low
            for _ in 0..<3 {
                clock.advance(by: 120)
                let reps = low + Int(random.next() % UInt64(exercise.repRange.high - low + 2))
                try log.logSet(
                    exercise: exercise.exerciseId,
                    SetEntry(reps: reps, weight: loads[exercise.exerciseId] ?? 0, unit: .kg))
                sets += 1
            }
            var submitted: ExerciseSubmitted?
            submitTimes.append(
                try milliseconds(cpu: &submitCPU) { submitted = try log.submit(exercise: exercise.exerciseId) })
            if let next = submitted?.prompt.nextLoadKg, next > 0, next <= 500 { loads[exercise.exerciseId] = next }
        }
        try log.completeWorkout()
    }
}
let building = Date().timeIntervalSince(started)

// The finished log, on the Wednesday evening of the last week.
clock.set(firstMonday.adding(days: 7 * (weeks - 1) + 2).start(in: london).addingTimeInterval(20 * 3600))
let mostLogged = "barbell_bench_press"
/// Runs of the history and the week: 50 and 500, or `BENCH_RUNS` each (a few, under callgrind).
let runs = ProcessInfo.processInfo.environment["BENCH_RUNS"].flatMap { Int($0) }.map { max(1, $0) }
var historyTimes: [Double] = []
var historyCPU: [Double] = []
var entries = 0
for _ in 0..<(runs ?? 50) {
    historyTimes.append(
        try milliseconds(cpu: &historyCPU) { entries = try log.exerciseHistory(mostLogged).entries.count })
}
var weekTimes: [Double] = []
var weekCPU: [Double] = []
for _ in 0..<(runs ?? 500) {
    weekTimes.append(try milliseconds(cpu: &weekCPU) { _ = try log.week() })
}
let workouts = try log.workoutHistory().count

/// The machine's one-minute load average: the figures mean little when it is far above the cores.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
    return String(text.split(separator: " ").first ?? "unknown")
}

func bytes(_ file: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
}
let databaseBytes = bytes(path) + bytes(path + "-wal")

print("training log: \(workouts) workouts, \(sets) sets over \(weeks) weeks, built in "
    + String(format: "%.1f s", building) + " through the API")
print("wall clock, then the calling thread's CPU time:")
print("submit (baseline and prompt)  " + figures(submitTimes) + "  target p99 ≤ 2 ms")
print("                         CPU  " + figures(submitCPU))
print("exercise history (\(entries) workouts of \(mostLogged))  " + figures(historyTimes) + "  target ≤ 20 ms")
print("                         CPU  " + figures(historyCPU))
print("week  " + figures(weekTimes) + "  target ≤ 2 ms")
print("                         CPU  " + figures(weekCPU))
print(String(format: "load average at the end: %@", loadAverage()))
print(String(format: "database size: %.2f MB (%d bytes, with its WAL), %.0f bytes a set",
             Double(databaseBytes) / 1_000_000, databaseBytes, Double(databaseBytes) / Double(max(sets, 1))))
