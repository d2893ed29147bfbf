import Catalog
import CatalogBuild
import Testing
@testable import CatalogImport

/// What the coverage report tells the data team about selection tiers.
@Suite("coverage report")
struct CoverageReportTests {
    static func exercise(
        _ id: String, _ pattern: String, _ category: String, tier: Int, item: String? = nil, programme: Bool = true
    ) -> Exercise {
        Exercise(
            id: id, displayName: id, canonicalName: id, equipmentCategory: category, equipmentItem: item,
            primaryMuscle: "Hamstrings", movementPattern: pattern, complexity: 1, selectionTier: tier,
            isIsolation: true, includeInProgramme: programme)
    }

    static func report(_ exercises: [Exercise]) -> CoverageReport {
        CoverageReport(CatalogContent(
            exercises: exercises,
            equipment: [
                .init(category: "Dumbbells", item: nil), .init(category: "Cable Machines", item: nil),
                .init(category: "Bodyweight", item: "Pull-up Bar"),
            ],
            muscles: [.init(name: "Hamstrings", bodyRegion: "lower")],
            movementPatterns: [.init(name: "Knee Flexion", description: ""), .init(name: "Hinge", description: "")],
            complexityLevels: [.init(level: 1, label: "Beginner", description: "")],
            selectionTiers: (1...3).map { .init(tier: $0, label: "T\($0)", description: "") }))
    }

    @Test func patternsCountTheirExercisesByTier() {
        let report = Self.report([
            Self.exercise("a", "Knee Flexion", "Dumbbells", tier: 1),
            Self.exercise("b", "Knee Flexion", "Dumbbells", tier: 2),
            Self.exercise("c", "Knee Flexion", "Cable Machines", tier: 2),
            Self.exercise("d", "Hinge", "Dumbbells", tier: 3),
            Self.exercise("e", "Hinge", "Dumbbells", tier: 1, programme: false),
        ])
        #expect(report.movementPatterns.map(\.byTier) == [["1": 1, "2": 2], ["3": 1]])
        #expect(report.unused.selectionTiers == [])
        #expect(report.text().contains("  Knee Flexion       1         2           .      3\n"))
    }

    @Test func equipmentWithoutAStapleIsListed() {
        let gaps = Self.report([
            Self.exercise("dumbbell_curl", "Knee Flexion", "Dumbbells", tier: 1),
            Self.exercise("cable_curl", "Knee Flexion", "Cable Machines", tier: 2),
            Self.exercise("cable_curl_2", "Knee Flexion", "Cable Machines", tier: 2),
            // A specialist alone is no gap: there is nothing standard to promote.
            Self.exercise("jumping_hinge", "Hinge", "Dumbbells", tier: 3),
        ]).stapleGaps
        #expect(
            gaps == [
                .init(pattern: "Knee Flexion", category: "Cable Machines", exercises: ["cable_curl", "cable_curl_2"])
            ])
        #expect(Self.report([]).text().contains("Patterns and equipment without a staple: none"))
    }

    @Test func anItemlessBodyweightStapleServesEveryEquipmentProfile() {
        let exercises = [
            Self.exercise("cable_curl", "Knee Flexion", "Cable Machines", tier: 2),
            Self.exercise("sliding_curl", "Knee Flexion", "Bodyweight", tier: 1),
        ]
        #expect(Self.report(exercises).stapleGaps == [])
        // A staple that needs a pull-up bar does not: not every user has one.
        let barred = [
            exercises[0], Self.exercise("hanging_curl", "Knee Flexion", "Bodyweight", tier: 1, item: "Pull-up Bar"),
        ]
        #expect(Self.report(barred).stapleGaps.map(\.category) == ["Cable Machines"])
    }
}
