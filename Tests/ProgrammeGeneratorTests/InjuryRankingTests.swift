import Catalog
import Foundation
import ProgrammeGenerator
import Testing

/// Business rules §3-§4 for injured users: exceptions move one exercise off (or onto) its group's
/// contraindications, candidates rank by how many recorded joints they may aggravate, and a
/// warning is left only where nothing safer fills the session.
@Suite("injured users")
struct InjuryRankingTests {
    static let squat = SmallCatalog.exercise("barbell_back_squat", group: "Squat", pattern: "Squat", muscle: "Quads")
    static let legPress = SmallCatalog.exercise(
        "leg_press", group: "Leg Press", pattern: "Squat", muscle: "Quads", tier: 2)
    static let boxSquat = SmallCatalog.exercise("box_squat", group: "Squat", pattern: "Squat", muscle: "Quads", tier: 2)
    static let contraindications = [
        Contraindication(canonicalName: "Squat", joint: "Knee", notes: "Deep knee bend."),
        Contraindication(canonicalName: "Squat", joint: "Lower Back", notes: "Bar on the spine."),
        Contraindication(canonicalName: "Leg Press", joint: "Knee", notes: "Deep knee bend."),
    ]

    static func firstSquat(
        _ exercises: [Exercise], exceptions: [ExerciseException] = [], injuries: [String]
    ) throws -> ProgrammeExercise? {
        let programme = try SmallCatalog.generate(
            exercises, contraindications: contraindications, exceptions: exceptions,
            profile: SmallCatalog.profile(equipment: ["dumbbells"], injuries: injuries))
        return programme.sessions.flatMap(\.exercises).first {
            ["barbell_back_squat", "leg_press", "box_squat"].contains($0.exerciseId)
        }
    }

    @Test("a leg press (knee) comes before a back squat (knee and lower back), even as a lower tier")
    func fewerJointsFirst() throws {
        let pick = try #require(try Self.firstSquat([Self.squat, Self.legPress], injuries: ["knee", "lower_back"]))
        #expect(pick.exerciseId == "leg_press")
        #expect(pick.warnings.map(\.joint) == ["Knee"])
        // Without the lower back, both aggravate one joint: the staple wins again.
        let kneeOnly = try #require(try Self.firstSquat([Self.squat, Self.legPress], injuries: ["knee"]))
        #expect(kneeOnly.exerciseId == "barbell_back_squat")
    }

    @Test("an exercise marked safe loses its group's joint; one marked contraindicated gains one")
    func exceptionsMoveOneExercise() throws {
        let safe = ExerciseException(
            exerciseId: "box_squat", joint: "Knee", level: .safe, notes: "The box sets the depth.")
        let pick = try #require(
            try Self.firstSquat([Self.squat, Self.boxSquat], exceptions: [safe], injuries: ["knee"]))
        #expect(pick.exerciseId == "box_squat" && pick.warnings.isEmpty)

        let worse = ExerciseException(
            exerciseId: "barbell_back_squat", joint: "Neck", level: .contraindicated, notes: "Bar on the neck.")
        let neck = try #require(
            try Self.firstSquat([Self.squat, Self.boxSquat], exceptions: [worse], injuries: ["neck"]))
        #expect(neck.exerciseId == "box_squat" && neck.warnings.isEmpty)
        let joints = ExerciseException.joints(
            of: [Self.squat], contraindications: Self.contraindications, exceptions: [worse, safe])[
                "barbell_back_squat"]
        #expect(joints == ["Knee", "Lower Back", "Neck"])
    }

    @Test("a knee and lower-back user's week on the committed catalogue: no back squat, no deadlift, no warning")
    func kneeAndLowerBackWeek() throws {
        let questionnaire = Questionnaire(
            primaryGoal: "build_muscle", experienceLevel: "6_months_2_years",
            equipmentAvailable: [
                "barbells", "dumbbells", "cable_machines", "pin_loaded_machines", "plate_loaded_machines",
                                 "bodyweight"],
            injuries: ["knee", "lower_back"], trainingDaysPerWeek: 4, sessionDuration: "45-60 min")
        let programme = try ProgrammeGenerator(catalog: try CommittedCatalog.catalog())
            .generate(from: questionnaire, seed: 0, createdDate: SmallCatalog.createdDate)
        let exercises = programme.sessions.flatMap(\.exercises)
        #expect(!exercises.contains { ["barbell_back_squat", "barbell_deadlift"].contains($0.exerciseId) })
        #expect(!exercises.contains { $0.warnings.count > 1 }, "no exercise warned for both joints")
        // Every lower day squats, with the cues that make a squat allowed for both joints.
        let catalog = try CommittedCatalog.catalog()
        for session in programme.sessions where session.dayName.hasPrefix("Lower") {
            let squat = session.exercises.first { catalog.exercise(id: $0.exerciseId)?.movementPattern == "Squat" }
            #expect(
                Set(squat?.cues.map(\.joint) ?? []) == ["Knee", "Lower Back"],
                "\(session.dayName): \(squat?.exerciseName ?? "none")")
        }
        let warned = exercises.filter { !$0.warnings.isEmpty }
        #expect(warned.isEmpty, "\(warned.map(\.exerciseName))")
        #expect(!programme.warnings.contains { $0.contains("may aggravate the injury") }, "\(programme.warnings)")
    }
}

/// Business rules §3: A and B sessions share their main lifts but not their exercise list.
@Suite("A/B variety")
struct SessionVarietyTests {
    @Test("B differs from A in at least half its exercises, for a full gym at every level", arguments: [
        "0_6_months", "6_months_2_years", "2_plus_years",
    ])
    func secondSessionsVary(experience: String) throws {
        let questionnaire = Questionnaire(
            primaryGoal: "get_stronger", experienceLevel: experience,
            equipmentAvailable: ["barbells", "dumbbells", "kettlebells", "cable_machines", "pin_loaded_machines",
                                 "plate_loaded_machines", "bodyweight"],
            trainingDaysPerWeek: 6, sessionDuration: "60-90 min")
        let programme = try ProgrammeGenerator(catalog: try CommittedCatalog.catalog())
            .generate(from: questionnaire, seed: 0, createdDate: SmallCatalog.createdDate)
        for kind in ["Push", "Pull", "Legs"] {
            let a = try #require(programme.sessions.first { $0.dayName == "\(kind) A" })
            let b = try #require(programme.sessions.first { $0.dayName == "\(kind) B" })
            let shared = Set(a.exercises.map(\.exerciseId)).intersection(b.exercises.map(\.exerciseId))
            #expect(shared.count * 2 <= b.exercises.count, "\(kind) B repeats \(shared.sorted())")
        }
    }
}

/// Business rules §4 under `exclude`: a main movement pattern is never left empty for the whole
/// programme while the catalogue holds an exercise of it the user's injuries allow (safe, or
/// with a cue).
@Suite("main patterns under exclude")
struct MainPatternsUnderExcludeTests {
    static let patterns = ["Squat", "Hinge", "Horizontal Push", "Vertical Push", "Horizontal Pull", "Vertical Pull"]
    static let joints = ["ankle", "elbow", "hip", "knee", "lower_back", "neck", "shoulder", "wrist"]
    static let injurySets: [[String]] =
        joints.map { [$0] } + [["knee", "lower_back"], ["shoulder", "wrist"], ["hip", "knee"]]
    static let equipment: [(name: String, available: [String], detailed: [String: [String]])] = [
        ("full gym", ["barbells", "dumbbells", "kettlebells", "cable_machines", "pin_loaded_machines",
                      "plate_loaded_machines", "bodyweight"], [:]),
        ("home dumbbells", ["dumbbells", "bodyweight"], ["bodyweight": ["pull_up_bar"]]),
        ("machines", ["cable_machines", "pin_loaded_machines", "plate_loaded_machines"], [:]),
    ]

    @Test("every main pattern an injury allows is trained", arguments: injurySets)
    func mainPatternsTrained(injuries: [String]) throws {
        let catalog = try CommittedCatalog.catalog()
        let generator = ProgrammeGenerator(catalog: catalog, options: GeneratorOptions(injuryPolicy: .exclude))
        for gear in Self.equipment {
            for (experience, days) in [("0_6_months", 3), ("6_months_2_years", 4), ("2_plus_years", 6)] {
                let questionnaire = Questionnaire(
                    primaryGoal: "build_muscle", experienceLevel: experience, equipmentAvailable: gear.available,
                    detailedEquipment: gear.detailed, injuries: injuries, trainingDaysPerWeek: days,
                    sessionDuration: "60-90 min")
                let profile = try TrainingProfile(questionnaire, catalog: catalog)
                let programme = try generator.generate(
                    from: questionnaire, seed: 1, createdDate: SmallCatalog.createdDate)
                let invariants = ProgrammeInvariants(
                    catalog: catalog, profile: profile, options: GeneratorOptions(injuryPolicy: .exclude))
                let trained = Set(programme.sessions.flatMap(\.exercises).compactMap {
                    catalog.exercise(id: $0.exerciseId)?.movementPattern
                })
                for pattern in Self.patterns {
                    let allowed = catalog.exercises.filter { exercise in
                        exercise.includeInProgramme && exercise.movementPattern == pattern && !exercise.isIsolation
                            && exercise.selectionTier < 3 && profile.equipment.allows(exercise)
                            && exercise.complexity <= profile.experience.complexityCeiling
                            && invariants.injuredJoints(exercise).isEmpty
                    }
                    guard !allowed.isEmpty else { continue }
                    let ids = allowed.map(\.id)
                    #expect(trained.contains(pattern),
                        "\(injuries) · \(gear.name) · \(experience): no \(pattern) though \(ids) are allowed")
                }
            }
        }
    }
}
