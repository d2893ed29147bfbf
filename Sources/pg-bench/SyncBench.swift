import Catalog
import Foundation
import PostgresStore
import ProgrammeGenerator
import SchemaMigrations
import TrainingCalendar
import TrainingLog

/// 50 users, each with a device log holding one 1-hour workout not yet synced, push at once.
enum SyncBench {
    static let users = 50

    /// A persona's questionnaire: four days, 45-60 minutes, a full gym.
    static let questionnaire = """
        {"name": "Alex", "primaryGoal": "build_muscle", "targetMuscleGroups": ["chest", "biceps"],
         "experienceLevel": "6_months_2_years",
         "equipmentAvailable": ["barbells", "dumbbells", "cable_machines", "pin_loaded_machines",
                                "plate_loaded_machines", "bodyweight"],
         "detailedEquipment": {}, "injuries": [], "trainingDaysPerWeek": 4, "sessionDuration": "45-60 min"}
        """

    /// Makes each user's log in `folder`: the programme started, then a workout of the first
    /// session, an hour from its first set to its last, every prescribed set logged, each
    /// exercise submitted.
    static func makeLogs(in folder: URL, catalogue: CatalogDatabase) throws -> [(user: String, path: String)] {
        let programme = try ProgrammeGenerator(catalog: try GeneratorCatalog(database: catalogue))
            .generate(fromJSON: Data(questionnaire.utf8), seed: 1, createdDate: CalendarDate(dayNumber: 20_458))
        let catalog = try LogCatalog(database: catalogue)
        return try (0..<users).map { index in
            let path = folder.appendingPathComponent("user-\(index).sqlite").path
            let clock = ManualClock(Date(timeIntervalSince1970: 1_767_636_000))
            let log = try TrainingLog(
                path: path, catalog: catalog, clock: clock, ids: SeededRowIDs(seed: UInt64(index + 1)),
                newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
            try log.startProgramme(programme, questionnaireJSON: questionnaire)
            let workout = try log.startWorkout(session: programme.sessions[0].dayName)
            let pace = 3600.0 / Double(max(1, workout.exercises.reduce(0) { $0 + $1.prescribedSets }))
            for exercise in workout.exercises {
                for _ in 0..<exercise.prescribedSets {
                    clock.advance(by: pace)
                    try log.logSet(exercise: exercise.exerciseId, SetEntry(reps: 10, weight: 40, unit: .kg))
                }
                try log.submit(exercise: exercise.exerciseId)
            }
            try log.completeWorkout()
            let user = String(format: "00000000-0000-4000-8000-%012d", index + 1)
            return (user, path)
        }
    }

    /// A log at `path` with `weeks` weeks of history, three 1-hour workouts a week (every
    /// prescribed set logged, each exercise submitted), as a lifter who trained that long has.
    static func history(weeks: Int, at path: String, catalogue: CatalogDatabase) throws {
        let programme = try ProgrammeGenerator(catalog: try GeneratorCatalog(database: catalogue))
            .generate(fromJSON: Data(questionnaire.utf8), seed: 1, createdDate: CalendarDate(dayNumber: 20_458))
        // Monday 2026-01-05, 18:00 UTC, minus the weeks of history.
        let start = Date(timeIntervalSince1970: 1_767_636_000 - Double(weeks) * 7 * 86_400)
        let clock = ManualClock(start)
        let log = try TrainingLog(
            path: path, catalog: try LogCatalog(database: catalogue), clock: clock, ids: SeededRowIDs(seed: 7),
            newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
        try log.startProgramme(
            programme, questionnaireJSON: questionnaire, startDate: CalendarDate(start, in: .gmt))
        for week in 0..<weeks {
            for (day, session) in [(0, 0), (2, 1), (4, 2)] {
                clock.set(start.addingTimeInterval(Double(week * 7 + day) * 86_400))
                let workout = try log.startWorkout(session: programme.sessions[session % programme.sessions.count].dayName)
                for exercise in workout.exercises {
                    for _ in 0..<exercise.prescribedSets {
                        clock.advance(by: 150)
                        try log.logSet(exercise: exercise.exerciseId, SetEntry(reps: 10, weight: 40, unit: .kg))
                    }
                    try log.submit(exercise: exercise.exerciseId)
                }
                try log.completeWorkout()
            }
        }
    }

    /// Syncs every log at once; each sync's seconds, and the whole run's.
    static func run(_ logs: [(user: String, path: String)], server: PostgresURL) async throws -> ([Double], Double) {
        let start = ContinuousClock.now
        let times = try await withThrowingTaskGroup(of: Double.self) { group in
            for (user, path) in logs {
                group.addTask {
                    let started = ContinuousClock.now
                    _ = try await LogSync().sync(userDatabase: path, with: server, user: user)
                    return seconds(ContinuousClock.now - started)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return (times, seconds(ContinuousClock.now - start))
    }
}
