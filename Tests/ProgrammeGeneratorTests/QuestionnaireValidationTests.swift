import Catalog
import Foundation
import ProgrammeGenerator
import Testing

/// A bad questionnaire is rejected with one message per bad field, naming the allowed values.
@Suite("questionnaire validation")
struct QuestionnaireValidationTests {
    /// Muscles back, chest, quads, triceps; joints knee, lower back, shoulder; equipment
    /// barbells (flat bench, squat rack), bodyweight (pull-up bar), dumbbells.
    static let catalog = GeneratorCatalog(
        exercises: [
            SmallCatalog.exercise("dumbbell_bench", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest"),
            Exercise(
                id: "barbell_bench", displayName: "Barbell Bench", canonicalName: "Bench Press",
                equipmentCategory: "Barbells", equipmentItem: "Flat Bench", primaryMuscle: "Chest",
                secondaryMuscles: ["Triceps"], movementPattern: "Horizontal Push", complexity: 3, isIsolation: false,
                includeInProgramme: true),
            SmallCatalog.exercise(
                "back_squat", group: "Squat", pattern: "Squat", muscle: "Quads", complexity: 3, category: "Barbells",
                item: "Squat Rack"),
            SmallCatalog.exercise(
                "pull_up", group: "Pull-Up", pattern: "Vertical Pull", muscle: "Back", complexity: 3,
                category: "Bodyweight", item: "Pull-up Bar"),
        ],
        contraindications: [
            Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: ""),
            Contraindication(canonicalName: "Squat", joint: "Knee", notes: ""),
            Contraindication(canonicalName: "Squat", joint: "Lower Back", notes: ""),
        ])

    static let goals = "allowed values: get_stronger, build_muscle, tone_up"
    static let levels =
        "allowed values: 0_months (Just Starting Out), 0_6_months (Finding My Feet), "
        + "6_months_2_years (Getting Comfortable), 2_plus_years (Confident & Consistent)"
    static let days = "allowed values: 2, 3, 4, 5, 6"
    static let durations = "allowed values: 30-45 min, 45-60 min, 60-90 min"
    static let muscles = "allowed values: up to 3 of back, chest, quads, triceps"
    static let equipment = "allowed values: barbells, bodyweight, dumbbells"
    static let joints = "allowed values: knee, lower_back, shoulder"

    @Test("one message per bad field, every field at once", arguments: [
        (
            "{}",
            [
                "error[questionnaire.missing]: primaryGoal: missing; \(goals)",
                "error[questionnaire.missing]: experienceLevel: missing; \(levels)",
                "error[questionnaire.missing]: trainingDaysPerWeek: missing; \(days)",
                "error[questionnaire.missing]: sessionDuration: missing; \(durations)",
            ]
        ),
        (
            """
            {"primaryGoal": "get_big", "targetMuscleGroups": ["chest", "pecs", "back", "quads"],
             "experienceLevel": "expert", "equipmentAvailable": ["kettlebel"],
             "detailedEquipment": {"barbells": ["leg_press"], "dumbbells": ["rack"], "machines": []},
             "injuries": ["knees"], "trainingDaysPerWeek": 7, "sessionDuration": "2 hours"}
            """,
            [
                "error[questionnaire.unknown_value]: primaryGoal: \"get_big\" is not a goal; \(goals)",
                "error[questionnaire.unknown_value]: targetMuscleGroups: 4 muscle groups given, at most 3 allowed; "
                    + "\"pecs\" is not a muscle group; \(muscles)",
                "error[questionnaire.unknown_value]: experienceLevel: \"expert\" is not an experience level; \(levels)",
                "error[questionnaire.unknown_value]: equipmentAvailable: \"kettlebel\" is not an equipment category; "
                    + "\(equipment)",
                "error[questionnaire.unknown_value]: detailedEquipment: \"leg_press\" is not an item of barbells "
                    + "(its items are flat_bench, squat_rack); "
                    + "\"rack\" is not an item of dumbbells (dumbbells has no items); "
                    + "\"machines\" is not an equipment category; \(equipment)",
                "error[questionnaire.unknown_value]: injuries: \"knees\" is not a joint; \(joints)",
                "error[questionnaire.out_of_range]: trainingDaysPerWeek: 7 is out of range; \(days)",
                "error[questionnaire.unknown_value]: sessionDuration: \"2 hours\" is not a session duration; "
                    + "\(durations)",
            ]
        ),
        (
            """
            {"primaryGoal": 3, "targetMuscleGroups": "chest", "experienceLevel": null,
             "equipmentAvailable": ["dumbbells", 2], "detailedEquipment": ["barbells"], "injuries": {},
             "trainingDaysPerWeek": "four", "sessionDuration": true}
            """,
            [
                "error[questionnaire.wrong_type]: primaryGoal: expected a string, got a number; \(goals)",
                "error[questionnaire.wrong_type]: targetMuscleGroups: expected a list of strings, got a string; "
                    + "\(muscles)",
                "error[questionnaire.missing]: experienceLevel: missing; \(levels)",
                "error[questionnaire.wrong_type]: equipmentAvailable: expected a list of strings, "
                    + "found a number in it; "
                    + "\(equipment)",
                "error[questionnaire.wrong_type]: detailedEquipment: expected an object of category → items, "
                    + "got a list; "
                    + "\(equipment)",
                "error[questionnaire.wrong_type]: injuries: expected a list of strings, got an object; \(joints)",
                "error[questionnaire.wrong_type]: trainingDaysPerWeek: expected a whole number, got a string; \(days)",
                "error[questionnaire.wrong_type]: sessionDuration: expected a string, got a boolean; \(durations)",
            ]
        ),
        (
            """
            {"primaryGoal": "tone_up", "targetMuscleGroups": ["chest", "back", "quads", "triceps"],
             "experienceLevel": "0_months", "trainingDaysPerWeek": 3.5, "sessionDuration": "30-45 min"}
            """,
            [
                "error[questionnaire.too_many]: targetMuscleGroups: 4 muscle groups given, at most 3 allowed; "
                    + "\(muscles)",
                "error[questionnaire.wrong_type]: trainingDaysPerWeek: expected a whole number, got 3.5; \(days)",
            ]
        ),
    ])
    func messages(json: String, expected: [String]) {
        #expect(throws: ProgrammeGeneratorError.self) {
            _ = try TrainingProfile(json: Data(json.utf8), catalog: Self.catalog)
        }
        do {
            _ = try TrainingProfile(json: Data(json.utf8), catalog: Self.catalog)
        } catch {
            #expect(error.code == "questionnaire.invalid")
            #expect(error.problems.map(\.description) == expected)
            #expect(Set(error.problems.map(\.field)).count == error.problems.count, "one message per field")
        }
    }

    @Test("text that is not a JSON object cannot be read", arguments: [
        ("name: Sam", "error[questionnaire.unreadable]: the questionnaire is not valid JSON"),
        ("[1, 2]", "error[questionnaire.unreadable]: the questionnaire must be a JSON object, not a list"),
    ])
    func unreadable(json: String, expected: String) {
        do {
            _ = try TrainingProfile(json: Data(json.utf8), catalog: Self.catalog)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description == expected)
            #expect(error.problems.isEmpty)
        }
    }

    @Test("slugs or exact catalogue names; other fields ignored; 0 priorities and no injuries are valid")
    func acceptedSpellings() throws {
        let json = """
            {"name": "Sam", "email": "sam@example.com", "motivations": ["structure"], "heightCm": 180.5,
             "primaryGoal": "build_muscle", "targetMuscleGroups": ["Chest", "chest"], "experienceLevel": "0_months",
             "equipmentAvailable": ["Barbells"], "detailedEquipment": {"Barbells": ["Flat Bench"]},
             "injuries": ["Lower Back", "knee"], "trainingDaysPerWeek": 3.0, "sessionDuration": "45-60 min"}
            """
        let profile = try TrainingProfile(json: Data(json.utf8), catalog: Self.catalog)
        #expect(profile.goal == .buildMuscle && profile.experience == .justStartingOut)
        #expect(profile.priorityMuscles == ["Chest"])
        #expect(profile.injuries == ["Knee", "Lower Back"])
        #expect(profile.daysPerWeek == 3 && profile.sessionDuration == .medium)
        #expect(profile.equipment.allows(category: "Barbells", item: "Flat Bench"))
        #expect(!profile.equipment.allows(category: "Barbells", item: "Squat Rack"))

        let minimal = """
            {"primaryGoal": "tone_up", "targetMuscleGroups": [], "experienceLevel": "2_plus_years",
             "equipmentAvailable": [], "injuries": [], "trainingDaysPerWeek": 2, "sessionDuration": "30-45 min"}
            """
        let bare = try TrainingProfile(json: Data(minimal.utf8), catalog: Self.catalog)
        #expect(bare.priorityMuscles.isEmpty && bare.injuries.isEmpty && bare.equipment.isEmpty)
    }

    @Test("Questionnaire(json:) reads the fields and reports the wrong types only")
    func questionnaireJSON() throws {
        let questionnaire = try Questionnaire(
            json: Data(#"{"primaryGoal": "nonsense", "detailedEquipment": {"barbells": null}}"#.utf8))
        #expect(questionnaire == Questionnaire(primaryGoal: "nonsense", detailedEquipment: ["barbells": []]))
        #expect(throws: ProgrammeGeneratorError.self) {
            try Questionnaire(json: Data(#"{"injuries": "knee"}"#.utf8))
        }
    }
}
