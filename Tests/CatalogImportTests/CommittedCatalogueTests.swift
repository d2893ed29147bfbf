import Catalog
import CatalogBuild
import Foundation
import TestSupport
import Testing
@testable import CatalogImport

/// The floors the committed catalogue must keep: a later edit that breaks one fails CI.
@Suite("the committed catalogue")
struct CommittedCatalogueTests {
    /// The committed workbooks, imported once per test run (a suite's instance is made per
    /// test and per argument, so the import must not be).
    static let imported = Result { try CatalogImporter().importCatalog(from: PackageRoot.workbooks.path) }

    /// The questionnaire's equipment (000 §3.5), plus the bodyweight items.
    static let questionnaireEquipment: [String: [String]] = [
        "Barbells": ["Squat Rack", "Flat Bench", "Incline Bench", "Decline Bench"],
        "Dumbbells": [], "Kettlebells": [], "Cable Machines": [],
        "Pin-loaded Machines": [
            "Leg Press", "Leg Extension", "Lying Leg Curl", "Seated Leg Curl", "Standing Calf Raise",
            "Seated Calf Raise", "Hip Abduction", "Hip Adduction", "Lat Pulldown", "Seated Row", "Chest Press",
            "Pec Deck",
        ],
        "Plate-loaded Machines": [
            "Leg Press", "Hack Squat", "Leg Extension", "Lying Leg Curl", "Standing Calf Raise", "T-Bar Row",
            "Chest Supported Row",
        ],
        "Bodyweight": ["Pull-up Bar", "Dip Station"],
    ]
    static let muscles = [
        "Chest", "Back", "Shoulders", "Biceps", "Triceps", "Forearms", "Abs", "Obliques", "Quads", "Hamstrings",
        "Glutes", "Calves",
    ]
    static let compoundPatterns = [
        "Squat", "Hinge", "Lunge", "Horizontal Push", "Vertical Push", "Horizontal Pull", "Vertical Pull",
    ]
    static let isolationPatterns = [
        "Chest Fly", "Shoulder Raise", "Rear Delt Fly", "Elbow Flexion", "Elbow Extension", "Knee Extension",
        "Knee Flexion", "Hip Extension", "Hip Abduction", "Hip Adduction", "Calf Raise", "Wrist Curl", "Core Flexion",
        "Core Rotation", "Core Stability",
    ]
    static let joints = ["Ankle", "Elbow", "Hip", "Knee", "Lower Back", "Neck", "Shoulder", "Wrist"]
    static let beginnerEquipment: Set<String> = [
        "Dumbbells", "Pin-loaded Machines", "Plate-loaded Machines", "Cable Machines",
    ]
    static let freeWeights: Set<String> = ["Barbells", "Dumbbells", "Kettlebells", "Bodyweight"]

    let content: CatalogContent
    let programme: [Exercise]

    init() throws {
        let result = try Self.imported.get()
        content = try #require(result.content, "the committed workbooks have errors: \(result.problems)")
        programme = content.exercises.filter(\.includeInProgramme)
    }

    @Test func checkFindsNothing() throws {
        #expect(try Self.imported.get().problems == [])
    }

    @Test func sizeAndSwapGroups() {
        #expect(content.exercises.count >= 300)
        #expect(Set(content.exercises.map(\.canonicalName)).count >= 70)
        #expect(CoverageReport(content).groupsWithoutAlternative == [])
        #expect(content.exercises.allSatisfy { (2...4).contains($0.instructions.count) })
    }

    @Test(arguments: compoundPatterns)
    func compoundGroupsSpanTwoEquipmentCategories(_ pattern: String) {
        let groups = Dictionary(
            grouping: programme.filter { $0.movementPattern == pattern && !$0.isIsolation }, by: \.canonicalName)
        for (group, members) in groups {
            #expect(Set(members.map(\.equipmentCategory)).count >= 2, "\(group)")
        }
    }

    @Test(arguments: muscles)
    func muscleIsThePrimaryOfEightProgrammeExercises(_ muscle: String) {
        #expect(programme.count { $0.primaryMuscle == muscle } >= 8)
    }

    @Test func everyQuestionnaireItemIsUsed() {
        for (category, items) in Self.questionnaireEquipment {
            #expect(programme.contains { $0.equipmentCategory == category }, "\(category)")
            for item in items {
                #expect(
                    programme.contains { $0.equipmentCategory == category && $0.equipmentItem == item },
                    "\(category) › \(item)")
            }
        }
    }

    @Test(arguments: compoundPatterns + isolationPatterns)
    func beginnersHaveMachineOrDumbbellChoices(_ pattern: String) {
        #expect(programme.contains {
            $0.movementPattern == pattern && $0.complexity <= 2
                && (Self.beginnerEquipment.contains($0.equipmentCategory) || $0.equipmentCategory == "Bodyweight")
        })
    }

    @Test(arguments: compoundPatterns)
    func freeWeightsGoUpToTheHardLevels(_ pattern: String) {
        let levels = programme.filter {
            $0.movementPattern == pattern && Self.freeWeights.contains($0.equipmentCategory)
        }.map(\.complexity)
        #expect((levels.max() ?? 0) >= 3)
    }

    @Test func aUserWithNoEquipmentHasCompoundsForEveryMainPattern() {
        let nothing = programme.filter { $0.equipmentCategory == "Bodyweight" && $0.equipmentItem == nil }
        for pattern in ["Squat", "Hinge", "Lunge", "Horizontal Push", "Vertical Push"] {
            #expect(nothing.contains { $0.movementPattern == pattern }, "\(pattern)")
        }
    }

    @Test func libraryHoldsWarmUpsStretchesAndMobility() {
        let library = content.exercises.filter { !$0.includeInProgramme }
        #expect(library.count >= 10)
        for pattern in ["Stretch", "Mobility", "Cardio"] {
            #expect(library.contains { $0.movementPattern == pattern }, "\(pattern)")
        }
        for name in ["Dead Bug", "Hip Flexor", "Hamstring"] {
            #expect(library.contains { $0.displayName.localizedCaseInsensitiveContains(name) }, "\(name)")
        }
    }

    @Test func everyPatternHasAStapleForEveryEquipmentProfile() {
        #expect(CoverageReport(content).stapleGaps == [])
        // The classic lifts lead their slots for a lifter with a full gym.
        for id in ["barbell_back_squat", "barbell_bench_press", "barbell_deadlift", "barbell_overhead_press",
                   "barbell_bent_over_row", "pull_up", "lat_pulldown", "dumbbell_goblet_squat"] {
            #expect(content.exercises.first { $0.id == id }?.selectionTier == 1, "\(id)")
        }
    }

    @Test func plyometricOlympicAndAdvancedCalisthenicsAreSpecialists() {
        let specialists = Set(content.exercises.filter { $0.selectionTier == 3 }.map(\.id))
        for id in ["jump_squat", "dumbbell_jump_squat", "power_clean", "hang_power_clean", "pistol_squat",
                   "wall_handstand_push_up", "nordic_hamstring_curl", "toes_to_bar"] {
            #expect(specialists.contains(id), "\(id)")
        }
        // Every specialist's swap group offers a swap that is not one, so a user who cannot jump
        // or catch a clean is never stuck. The barbell cleans and the get-ups keep groups of their
        // own: every wider group would drop a contraindication their catch or kneel needs.
        let ownGroups: Set<String> = ["Clean", "Turkish Get-Up"]
        for group in Set(programme.filter { $0.selectionTier == 3 }.map(\.canonicalName)).subtracting(ownGroups) {
            #expect(programme.contains { $0.canonicalName == group && $0.selectionTier < 3 }, "\(group)")
        }
    }

    @Test func contraindicationsReviewEveryGroup() {
        #expect(content.contraindications.count >= 120)
        #expect(Set(content.contraindications.map(\.joint)).sorted() == Self.joints)
        #expect(CoverageReport(content).groupsWithoutContraindication == [])
        #expect(content.contraindications.allSatisfy { !$0.notes.isEmpty })
    }
}
