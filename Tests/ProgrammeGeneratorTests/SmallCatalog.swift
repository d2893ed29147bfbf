import Catalog
import ProgrammeGenerator
import TrainingCalendar
import UserStore

/// Small catalogues written in the test, for rules that need exact picks.
enum SmallCatalog {
    static func exercise(
        _ id: String, group: String, pattern: String, muscle: String, complexity: Int = 1, tier: Int = 1,
        isolation: Bool = false, category: String = "Dumbbells", item: String? = nil, programme: Bool = true
    ) -> Exercise {
        Exercise(
            id: id, displayName: displayName(id), canonicalName: group, equipmentCategory: category,
            equipmentItem: item, primaryMuscle: muscle, movementPattern: pattern, complexity: complexity,
            selectionTier: tier, isIsolation: isolation, includeInProgramme: programme)
    }

    /// The date the tests' programmes are created on: a Monday.
    static let createdDate = CalendarDate(year: 2026, month: 11, day: 23) ?? CalendarDate(dayNumber: 0)

    /// Three dumbbell exercises (three canonical groups, complexity 1, 1 and 2) for every
    /// movement pattern and muscle the session templates name: every slot can be filled.
    static let gym: [Exercise] = {
        let kinds: [(pattern: String, muscle: String, isolation: Bool)] = [
            ("Horizontal Push", "Chest", false), ("Vertical Push", "Shoulders", false),
            ("Horizontal Pull", "Back", false), ("Vertical Pull", "Back", false), ("Squat", "Quads", false),
            ("Hinge", "Hamstrings", false), ("Lunge", "Quads", false), ("Hip Extension", "Glutes", false),
            ("Elbow Extension", "Triceps", false), ("Rear Delt Fly", "Shoulders", true), ("Chest Fly", "Chest", true),
            ("Knee Extension", "Quads", true), ("Knee Flexion", "Hamstrings", true), ("Calf Raise", "Calves", true),
            ("Shoulder Raise", "Shoulders", true), ("Elbow Flexion", "Biceps", true),
            ("Triceps Extension", "Triceps", true),
            ("Hip Abduction", "Glutes", true), ("Shrug", "Back", true), ("Wrist Curl", "Forearms", true),
            ("Core Flexion", "Abs", true), ("Core Rotation", "Obliques", true), ("Carry", "Forearms", false),
        ]
        return kinds.flatMap { kind in
            (1...3).map { variant in
                let name = kind.pattern.slug + "_\(variant)"
                return exercise(
                    name, group: "\(kind.pattern) \(variant)", pattern: kind.pattern, muscle: kind.muscle,
                    complexity: variant == 3 ? 2 : 1, isolation: kind.isolation)
            }
        }
    }()

    /// `db_bench_press` → `Db Bench Press`.
    static func displayName(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// A profile with everything but what a test sets: build muscle, Getting Comfortable,
    /// dumbbells, 3 days of 60-90 min.
    static func profile(
        goal: Goal = .buildMuscle, priorityMuscles: [String] = [], experience: ExperienceLevel = .gettingComfortable,
        equipment: [String] = ["dumbbells"], injuries: [String] = [], days: Int = 3,
        duration: SessionDuration = .long
    ) -> TrainingProfile {
        TrainingProfile(
            goal: goal, priorityMuscles: priorityMuscles, experience: experience,
            equipment: EquipmentSelection(equipmentAvailable: equipment), injuries: injuries, daysPerWeek: days,
            sessionDuration: duration)
    }

    /// Generates with seed `seed`.
    static func generate(
        _ exercises: [Exercise], contraindications: [Contraindication] = [], exceptions: [ExerciseException] = [],
        profile: TrainingProfile, policy: InjuryPolicy = .warn, seed: UInt64 = 7
    ) throws -> Programme {
        var generator = SplitMix64(seed: seed)
        return try ProgrammeGenerator(
            catalog: GeneratorCatalog(
                exercises: exercises, contraindications: contraindications, exceptions: exceptions),
            options: GeneratorOptions(injuryPolicy: policy)
        ).generate(for: profile, createdDate: createdDate, using: &generator)
    }
}
