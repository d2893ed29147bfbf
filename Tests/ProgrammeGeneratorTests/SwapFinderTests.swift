import Catalog
import ProgrammeGenerator
import Testing

/// Business rules §5: alternatives from the canonical group under the user's equipment and
/// complexity ceiling, programme exercises by default, not contraindicated first, then closest
/// complexity, then display name; the slot's sets, reps and rest kept.
@Suite("swaps")
struct SwapFinderTests {
    static let exercises = [
        SmallCatalog.exercise(
            "dumbbell_bench", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2),
        SmallCatalog.exercise(
            "push_up", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 1,
            category: "Bodyweight"),
        SmallCatalog.exercise(
            "machine_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 1,
            category: "Pin-loaded Machines", item: "Chest Press"),
        SmallCatalog.exercise(
            "barbell_bench", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 3,
            category: "Barbells", item: "Flat Bench"),
        SmallCatalog.exercise(
            "floor_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2,
            programme: false),
        SmallCatalog.exercise(
            "deficit_push_up", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 3,
            category: "Bodyweight"),
        SmallCatalog.exercise(
            "incline_press", group: "Incline Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2),
        SmallCatalog.exercise(
            "clap_push_up", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2, tier: 3,
            category: "Bodyweight"),
    ]
    static let catalog = GeneratorCatalog(
        exercises: exercises,
        contraindications: [Contraindication(canonicalName: "Bench Press", joint: "Wrist", notes: "")])

    static func profile(equipment: [String], injuries: [String] = [], priority: [String] = []) -> TrainingProfile {
        SmallCatalog.profile(
            goal: .getStronger, priorityMuscles: priority, experience: .findingMyFeet, equipment: equipment,
            injuries: injuries)
    }

    // From the dumbbell bench (level 2), every alternative is one level away: by display name.
    // Finding My Feet's ceiling is 2: the level-3 barbell bench and deficit push-up wait.
    @Test(
        "closest complexity first, then display name; equipment, ceiling, group and programme flag filter",
        arguments: [
        (["dumbbells"], false, ["push_up"]),
        (["dumbbells", "pin_loaded_machines"], false, ["machine_press", "push_up"]),
        (["barbells", "dumbbells", "pin_loaded_machines"], false, ["machine_press", "push_up"]),
            (
                ["barbells", "dumbbells", "pin_loaded_machines"], true,
                ["barbell_bench", "deficit_push_up", "machine_press", "push_up"]
            ),
    ])
    func ordering(equipment: [String], anyLevel: Bool, expected: [String]) throws {
        let swaps = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "dumbbell_bench", for: Self.profile(equipment: equipment), anyLevel: anyLevel)
        #expect(swaps.alternatives.map(\.exerciseId) == expected)
        #expect(swaps.exercise.exerciseId == "dumbbell_bench" && swaps.exercise.id == "swap")
    }

    @Test("closer complexity before name")
    func closerFirst() throws {
        let swaps = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "machine_press",
            for: Self.profile(equipment: ["barbells", "dumbbells", "pin_loaded_machines"]),
            anyLevel: true)
        // From level 1: push-up (1), dumbbell bench (2), then barbell bench and deficit push-up (3).
        #expect(
            swaps.alternatives.map(\.exerciseId) == ["push_up", "dumbbell_bench", "barbell_bench", "deficit_push_up"])
    }

    @Test("a specialist move is offered only where the slot asks for at most 6 reps and is not a main lift")
    func specialistsOnlyInStrengthSecondarySlots() throws {
        func alternatives(sets: Int, reps: String, rest: Int) throws -> [String] {
            let slot = ProgrammeExercise(
                id: "day-1-exercise-3", exerciseId: "push_up", exerciseName: "Push Up", canonicalName: "Bench Press",
                sets: sets, repRange: reps, restSeconds: rest, primaryMuscle: "Chest", equipmentCategory: "Bodyweight",
                equipmentItem: nil, isIsolation: false, warnings: [])
            return try SwapFinder(catalog: Self.catalog).alternatives(to: slot, for: Self.profile(equipment: []))
                .map(\.exerciseId)
        }
        #expect(try alternatives(sets: 4, reps: "4-6", rest: 90).contains("clap_push_up"))
        #expect(try !alternatives(sets: 4, reps: "4-6", rest: 180).contains("clap_push_up"))
        #expect(try !alternatives(sets: 4, reps: "8-12", rest: 90).contains("clap_push_up"))
    }

    @Test("under warn every contraindicated alternative carries its warning; under exclude it is left out")
    func injuries() throws {
        // A contraindication pairs a joint with a whole canonical group, so a wrist injury flags
        // the exercise and every alternative alike.
        let profile = Self.profile(equipment: ["dumbbells", "pin_loaded_machines"], injuries: ["wrist"])
        let warned = try SwapFinder(catalog: Self.catalog).alternatives(toExerciseID: "dumbbell_bench", for: profile)
        #expect(warned.alternatives.map(\.exerciseId) == ["machine_press", "push_up"])
        #expect(warned.alternatives.allSatisfy { $0.warnings == [InjuryWarning(joint: "Wrist")] })
        #expect(warned.exercise.warnings == [InjuryWarning(joint: "Wrist")])
        let excluded = try SwapFinder(catalog: Self.catalog, options: GeneratorOptions(injuryPolicy: .exclude))
            .alternatives(toExerciseID: "dumbbell_bench", for: profile)
        #expect(excluded.alternatives.isEmpty)
        let other = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "dumbbell_bench", for: Self.profile(equipment: ["dumbbells"], injuries: ["knee"]))
        #expect(other.alternatives.allSatisfy { $0.warnings.isEmpty })
    }

    @Test("a swap keeps the slot's id, sets, reps and rest")
    func keepsPrescription() throws {
        let slot = ProgrammeExercise(
            id: "day-2-exercise-1", exerciseId: "dumbbell_bench", exerciseName: "Dumbbell Bench",
            canonicalName: "Bench Press",
            sets: 6, repRange: "4-6", restSeconds: 180, primaryMuscle: "Chest", equipmentCategory: "Dumbbells",
            equipmentItem: nil, isIsolation: false, warnings: [])
        let swaps = try SwapFinder(catalog: Self.catalog).alternatives(
            to: slot, for: Self.profile(equipment: ["dumbbells"]))
        #expect(!swaps.isEmpty)
        for swap in swaps {
            #expect(swap.id == slot.id && swap.prescription == slot.prescription)
        }
    }

    @Test("outside a programme, the rules give the prescription: sets by experience, +1 for a priority")
    func standalonePrescription() throws {
        let plain = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "dumbbell_bench", for: Self.profile(equipment: ["dumbbells"]))
        #expect(plain.exercise.prescription == Prescription(sets: 4, repRange: "4-6", restSeconds: 180))
        let priority = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "dumbbell_bench", for: Self.profile(equipment: ["dumbbells"], priority: ["Chest"]))
        #expect(priority.exercise.prescription.sets == 5)
        #expect(priority.alternatives.allSatisfy { $0.sets == 5 })
    }

    @Test("library-only alternatives on request")
    func libraryOnly() throws {
        let swaps = try SwapFinder(catalog: Self.catalog).alternatives(
            toExerciseID: "dumbbell_bench", for: Self.profile(equipment: ["dumbbells"]), includeLibraryOnly: true)
        // Floor press at the same level, then the push-up one level down.
        #expect(swaps.alternatives.map(\.exerciseId) == ["floor_press", "push_up"])
    }

    @Test("an unknown exercise is an error with a stable code")
    func unknownExercise() {
        do {
            _ = try SwapFinder(catalog: Self.catalog).alternatives(
                toExerciseID: "nope", for: Self.profile(equipment: []))
            Issue.record("no error")
        } catch {
            #expect(error.code == "swap.unknown_exercise")
            // The app matches on the typed kind, not on the string.
            #expect(error.kind == .unknownExercise)
            #expect(error.description == "error[swap.unknown_exercise]: no exercise has the id \"nope\"")
        }
    }
}
