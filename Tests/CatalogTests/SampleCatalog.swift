import Catalog
import CatalogBuild
import Foundation
import TestSupport

/// A small catalogue covering the cases users notice: Barbells with items (and a library-only
/// item-less move), Dumbbells without items, Bodyweight with a Pull-up Bar and item-less moves,
/// and "Leg Press" under both pin-loaded and plate-loaded machines. Lookups also list values no
/// exercise uses (Kettlebells, Incline Bench, Hack Squat, Calves, Lunge), which a build drops.
enum SampleCatalog {
    static let exercises: [Exercise] = [
        Exercise(
            id: "bb_back_squat", displayName: "Barbell Back Squat", canonicalName: "Squat",
            equipmentCategory: "Barbells", equipmentItem: "Squat Rack",
            primaryMuscle: "Quads", secondaryMuscles: ["Glutes", "Hamstrings"],
            movementPattern: "Squat", complexity: 3, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Set the bar on your upper back.", "Sit down between your hips.", "Drive up."],
            videoURL: "https://videos.example.com/back-squat.mp4",
            thumbnailURL: "https://videos.example.com/back-squat.jpg"),
        Exercise(
            id: "bb_bench_press", displayName: "Barbell Bench Press", canonicalName: "Bench Press",
            equipmentCategory: "Barbells", equipmentItem: "Flat Bench",
            primaryMuscle: "Chest", secondaryMuscles: ["Triceps"],
            movementPattern: "Horizontal Push", complexity: 2, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Lie on the bench.", "Lower the bar to your chest.", "Press."]),
        Exercise(
            id: "bb_floor_press", displayName: "Barbell Floor Press", canonicalName: "Bench Press",
            equipmentCategory: "Barbells",
            primaryMuscle: "Chest", secondaryMuscles: ["Triceps"],
            movementPattern: "Horizontal Push", complexity: 2, isIsolation: false, includeInProgramme: false,
            instructions: ["Lie on the floor.", "Press."]),
        Exercise(
            id: "db_bench_press", displayName: "Dumbbell Bench Press", canonicalName: "Bench Press",
            equipmentCategory: "Dumbbells",
            primaryMuscle: "Chest", secondaryMuscles: ["Triceps"],
            movementPattern: "Horizontal Push", complexity: 1, isIsolation: false, includeInProgramme: true,
            instructions: ["Lie on a bench.", "Press the dumbbells up."]),
        Exercise(
            id: "db_goblet_squat", displayName: "Dumbbell Goblet Squat", canonicalName: "Squat",
            equipmentCategory: "Dumbbells",
            primaryMuscle: "Quads", secondaryMuscles: ["Glutes"],
            movementPattern: "Squat", complexity: 1, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Hold the dumbbell at your chest.", "Squat."]),
        Exercise(
            id: "db_biceps_curl", displayName: "Dumbbell Biceps Curl", canonicalName: "Biceps Curl",
            equipmentCategory: "Dumbbells",
            primaryMuscle: "Biceps",
            movementPattern: "Elbow Flexion", complexity: 1, isIsolation: true, includeInProgramme: true,
            instructions: ["Stand tall.", "Curl."]),
        Exercise(
            id: "bw_push_up", displayName: "Push-up", canonicalName: "Bench Press",
            equipmentCategory: "Bodyweight",
            primaryMuscle: "Chest", secondaryMuscles: ["Triceps", "Abs"],
            movementPattern: "Horizontal Push", complexity: 1, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Hands under shoulders.", "Lower your chest.", "Push.", "Repeat."]),
        Exercise(
            id: "bw_pull_up", displayName: "Pull-up", canonicalName: "Pull-up",
            equipmentCategory: "Bodyweight", equipmentItem: "Pull-up Bar",
            primaryMuscle: "Lats", secondaryMuscles: ["Biceps"],
            movementPattern: "Vertical Pull", complexity: 3, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Hang from the bar.", "Pull your chin over it."]),
        Exercise(
            id: "bw_air_squat", displayName: "Air Squat", canonicalName: "Squat",
            equipmentCategory: "Bodyweight",
            primaryMuscle: "Quads",
            movementPattern: "Squat", complexity: 1, isIsolation: false, includeInProgramme: false,
            instructions: ["Stand.", "Squat."]),
        Exercise(
            id: "bw_plank", displayName: "Plank", canonicalName: "Plank",
            equipmentCategory: "Bodyweight",
            primaryMuscle: "Abs",
            movementPattern: "Core", complexity: 1, selectionTier: 3,
            isIsolation: true, includeInProgramme: true,
            instructions: ["Forearms down.", "Hold a straight line."]),
        Exercise(
            id: "pin_leg_press", displayName: "Machine Leg Press", canonicalName: "Leg Press",
            equipmentCategory: "Pin-loaded Machines", equipmentItem: "Leg Press",
            primaryMuscle: "Quads", secondaryMuscles: ["Glutes"],
            movementPattern: "Squat", complexity: 2, selectionTier: 1,
            isIsolation: false, includeInProgramme: true,
            instructions: ["Feet on the platform.", "Press."]),
        Exercise(
            id: "plate_leg_press", displayName: "Plate-loaded Leg Press", canonicalName: "Leg Press",
            equipmentCategory: "Plate-loaded Machines", equipmentItem: "Leg Press",
            primaryMuscle: "Quads", secondaryMuscles: ["Glutes"],
            movementPattern: "Squat", complexity: 2, isIsolation: false, includeInProgramme: true,
            instructions: ["Load the sled.", "Press."]),
        Exercise(
            id: "pin_leg_extension", displayName: "Leg Extension", canonicalName: "Leg Extension",
            equipmentCategory: "Pin-loaded Machines", equipmentItem: "Leg Extension",
            primaryMuscle: "Quads",
            movementPattern: "Knee Extension", complexity: 1, isIsolation: true, includeInProgramme: true,
            instructions: ["Sit.", "Extend your knees."]),
    ]

    static let equipment: [CatalogContent.EquipmentPair] = [
        .init(category: "Barbells", item: "Squat Rack"),
        .init(category: "Barbells", item: "Flat Bench"),
        .init(category: "Barbells", item: "Incline Bench"),
        .init(category: "Dumbbells", item: nil),
        .init(category: "Kettlebells", item: nil),
        .init(category: "Bodyweight", item: "Pull-up Bar"),
        .init(category: "Pin-loaded Machines", item: "Leg Press"),
        .init(category: "Pin-loaded Machines", item: "Leg Extension"),
        .init(category: "Plate-loaded Machines", item: "Leg Press"),
        .init(category: "Plate-loaded Machines", item: "Hack Squat"),
    ]

    static let muscles: [CatalogContent.Muscle] = [
        .init(name: "Chest", bodyRegion: "upper"), .init(name: "Lats", bodyRegion: "upper"),
        .init(name: "Biceps", bodyRegion: "upper"), .init(name: "Triceps", bodyRegion: "upper"),
        .init(name: "Quads", bodyRegion: "lower"), .init(name: "Glutes", bodyRegion: "lower"),
        .init(name: "Hamstrings", bodyRegion: "lower"), .init(name: "Calves", bodyRegion: "lower"),
        .init(name: "Abs", bodyRegion: "core"),
    ]

    static let movementPatterns: [CatalogContent.MovementPattern] = [
        "Squat", "Lunge", "Horizontal Push", "Vertical Pull", "Elbow Flexion", "Knee Extension", "Core",
    ].map { CatalogContent.MovementPattern(name: $0, description: "\($0) movements.") }

    static let complexityLevels: [CatalogContent.ComplexityLevel] = [
        .init(level: 1, label: "Beginner", description: "Simple, stable movements."),
        .init(level: 2, label: "Novice", description: "Some coordination."),
        .init(level: 3, label: "Intermediate", description: "Free-weight technique."),
        .init(level: 4, label: "Advanced", description: "High skill."),
    ]

    static let selectionTiers: [CatalogContent.SelectionTier] = [
        .init(tier: 1, label: "Staple", description: "A coach's first choice."),
        .init(tier: 2, label: "Standard", description: "A sound variation."),
        .init(tier: 3, label: "Specialist", description: "Plyometric or advanced."),
    ]

    static let contraindications: [Contraindication] = [
        Contraindication(canonicalName: "Squat", joint: "Knee", notes: "Deep knee flexion under load."),
        Contraindication(canonicalName: "Squat", joint: "Lower Back", notes: "Axial loading."),
        Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: "Horizontal abduction."),
        Contraindication(canonicalName: "Pull-up", joint: "Shoulder", notes: "Overhead hanging."),
        Contraindication(canonicalName: "Pull-up", joint: "Elbow", notes: "Loaded elbow flexion."),
    ]

    static let sources: [CatalogSource] = [
        .init(fileName: "train_exercise_database_prod.xlsx", sha256: String(repeating: "ab", count: 32)),
        .init(fileName: "train_exercise_contraindications_prod.xlsx", sha256: String(repeating: "0f", count: 32)),
    ]

    static var content: CatalogContent {
        CatalogContent(
            exercises: exercises, contraindications: contraindications, equipment: equipment,
            muscles: muscles, movementPatterns: movementPatterns, complexityLevels: complexityLevels,
            selectionTiers: selectionTiers, sources: sources)
    }

    /// The sample with one exercise replaced (or added, when the id is new).
    static func content(with exercise: Exercise) -> CatalogContent {
        var content = self.content
        content.exercises.removeAll { $0.id == exercise.id }
        content.exercises.append(exercise)
        return content
    }

    static func exercise(_ id: String) -> Exercise? {
        exercises.first { $0.id == id }
    }
}

extension SampleCatalog {
    /// Writes the sample (or `content`) to a fresh file and opens it read-only.
    static func withDatabase<Value>(
        _ content: CatalogContent = SampleCatalog.content, _ body: (CatalogDatabase) throws -> Value
    ) throws -> Value {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(content, to: path)
            return try body(try CatalogDatabase(path: path))
        }
    }

    /// A selection from command-line style entries: `barbells` or `barbells:squat_rack`.
    static func selection(_ entries: [String]) -> EquipmentSelection {
        EquipmentSelection(entries: entries)
    }
}
