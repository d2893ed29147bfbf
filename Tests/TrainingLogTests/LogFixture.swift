import Catalog
import Foundation
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog
import UserStore

/// A small catalogue and a two-session programme made in code, and logs over them on a manual
/// clock: the rules' tests need neither the committed catalogue nor the generator.
enum LogFixture {
    static func exercise(
        _ id: String, _ name: String, group: String, category: String, muscle: String, isolation: Bool = false,
        programme: Bool = true
    ) -> Exercise {
        Exercise(
            id: id, displayName: name, canonicalName: group, equipmentCategory: category, primaryMuscle: muscle,
            movementPattern: "Pattern", complexity: 1, isIsolation: isolation, includeInProgramme: programme)
    }

    static let exercises = [
        exercise(
            "barbell_bench_press", "Barbell Bench Press", group: "Bench Press", category: "Barbells", muscle: "Chest"),
        exercise(
            "dumbbell_bench_press", "Dumbbell Bench Press", group: "Bench Press", category: "Dumbbells", muscle: "Chest"
        ),
        exercise("push_up", "Push-Up", group: "Push-Up", category: "Bodyweight", muscle: "Chest"),
        exercise("barbell_back_squat", "Barbell Back Squat", group: "Squat", category: "Barbells", muscle: "Quads"),
        exercise(
            "plate_loaded_leg_press", "Plate-Loaded Leg Press", group: "Leg Press", category: "Plate-loaded Machines",
            muscle: "Quads"),
        exercise(
            "barbell_curl", "Barbell Curl", group: "Curl", category: "Barbells", muscle: "Biceps", isolation: true),
        exercise(
            "leg_extension", "Leg Extension", group: "Leg Extension", category: "Pin-loaded Machines",
            muscle: "Quads", isolation: true),
        exercise("cable_row", "Cable Row", group: "Row", category: "Cable Machines", muscle: "Back"),
    ]

    static let muscles = [
        Muscle(name: "Chest", slug: "chest", bodyRegion: "upper"),
        Muscle(name: "Quads", slug: "quads", bodyRegion: "lower"),
        Muscle(name: "Biceps", slug: "biceps", bodyRegion: "upper"),
        Muscle(name: "Back", slug: "back", bodyRegion: "upper"),
    ]

    static let catalog = LogCatalog(exercises: exercises, muscles: muscles)

    /// The questionnaire the fixture's programme is logged under: every category of the fixture,
    /// so a swap may go to any exercise of the slot's group.
    static let questionnaire = """
        {"primaryGoal": "build_muscle", "experienceLevel": "6_months_2_years", "trainingDaysPerWeek": 2,
         "sessionDuration": "45-60 min", "equipmentAvailable": ["barbells", "dumbbells", "bodyweight",
         "plate_loaded_machines", "pin_loaded_machines", "cable_machines"]}
        """

    static func slot(
        _ session: Int, _ number: Int, _ id: String, sets: Int, reps: String, rest: Int
    ) -> ProgrammeExercise {
        let exercise = exercises.first { $0.id == id }
        return ProgrammeExercise(
            id: "day-\(session)-exercise-\(number)", exerciseId: id, exerciseName: exercise?.displayName ?? id,
            canonicalName: exercise?.canonicalName ?? id, sets: sets, repRange: reps, restSeconds: rest,
            primaryMuscle: exercise?.primaryMuscle ?? "", equipmentCategory: exercise?.equipmentCategory ?? "",
            equipmentItem: nil, isIsolation: exercise?.isIsolation ?? false, warnings: [])
    }

    /// Push on Monday (bench press 3 × 8-12, push-ups 2 × 10-15), Legs on Thursday (squat 3 × 5-8,
    /// leg press 3 × 8-12).
    static let programme = Programme(
        id: "fixture-programme", type: .fullBody, daysPerWeek: 2, sessionDuration: .medium, totalWeeks: 8,
        createdDate: date("2026-01-05"),
        sessions: [
            ProgrammeSession(
                id: "day-1", dayName: "Push", weekday: .mon, estimatedMinutes: 30, warmUp: [],
                exercises: [
                    slot(1, 1, "barbell_bench_press", sets: 3, reps: "8-12", rest: 120),
                    slot(1, 2, "push_up", sets: 2, reps: "10-15", rest: 60),
                ], emptySlots: []),
            ProgrammeSession(
                id: "day-2", dayName: "Legs", weekday: .thu, estimatedMinutes: 30, warmUp: [],
                exercises: [
                    slot(2, 1, "barbell_back_squat", sets: 3, reps: "5-8", rest: 180),
                    slot(2, 2, "plate_loaded_leg_press", sets: 3, reps: "8-12", rest: 90),
                ], emptySlots: []),
        ],
        warnings: [])

    static func date(_ text: String) -> CalendarDate {
        CalendarDate(text) ?? CalendarDate(dayNumber: 0)
    }

    static func moment(_ text: String) -> Date {
        Timestamp.parse(text) ?? Date(timeIntervalSince1970: 0)
    }

    static let london = TimeZone(identifier: "Europe/London") ?? .gmt

    /// A log in memory on `clock` (2026-01-05 18:00 UTC unless given), with the fixture's
    /// programme started on 2026-01-05.
    static func log(
        clock: ManualClock = ManualClock(moment("2026-01-05T18:00:00Z")), timeZone: TimeZone = london,
        unit: WeightUnit = .kg, catalog: LogCatalog = catalog, programme: Programme = programme
    ) throws -> TrainingLog {
        let log = try TrainingLog(
            inMemory: catalog, clock: clock, ids: SeededRowIDs(seed: 1),
            newUser: UserSettings(unit: unit, timeZone: timeZone))
        try log.startProgramme(programme, questionnaireJSON: questionnaire, startDate: date("2026-01-05"))
        return log
    }

    /// The same, in a file.
    static func log(
        path: String, clock: ManualClock = ManualClock(moment("2026-01-05T18:00:00Z"))
    ) throws -> TrainingLog {
        let log = try TrainingLog(
            path: path, catalog: catalog, clock: clock, ids: SeededRowIDs(seed: 1),
            newUser: UserSettings(unit: .kg, timeZone: london))
        try log.startProgramme(programme, questionnaireJSON: questionnaire, startDate: date("2026-01-05"))
        return log
    }

    /// Logs a whole workout of `session` at `start`: each exercise's sets as (reps, kg), each a
    /// minute apart, submitted, then completed.
    @discardableResult
    static func workout(
        _ log: TrainingLog, clock: ManualClock, _ session: String, at start: String, _ sets: [String: [(Int, Double)]]
    ) throws -> WorkoutSummary {
        clock.set(moment(start))
        let workout = try log.startWorkout(session: session)
        for exercise in workout.exercises {
            guard let entries = sets[exercise.exerciseId] else { continue }
            for (reps, kilograms) in entries {
                clock.advance(by: 60)
                try log.logSet(exercise: exercise.exerciseId, SetEntry(reps: reps, weight: kilograms, unit: .kg))
            }
            clock.advance(by: 30)
            try log.submit(exercise: exercise.exerciseId)
        }
        clock.advance(by: 60)
        return try log.completeWorkout()
    }
}
