import Catalog
import Foundation
import TestSupport
import Testing

/// `traindb diff` between releases also shows which contraindications came and went: a pairing
/// that disappears stops warning the users with that injury.
@Suite("traindb diff of contraindications")
struct ContraindicationDiffTests {
    static let exercises = [CatalogToolsCommandTests.exercise("db_press", "Dumbbell Press")]

    static func pairing(_ joint: String) -> Contraindication {
        Contraindication(canonicalName: "Bench Press", joint: joint, notes: "Pressing loads the \(joint).")
    }

    @Test func addedAndRemovedPairsAreListedAndARemovalIsAWarning() throws {
        try TemporaryDirectory.with { directory in
            let old = try CatalogToolsCommandTests.database(
                Self.exercises, contraindications: [Self.pairing("Shoulder"), Self.pairing("Wrist")],
                in: directory.url, named: "old.sqlite")
            let new = try CatalogToolsCommandTests.database(
                Self.exercises, contraindications: [Self.pairing("Shoulder"), Self.pairing("Elbow")],
                in: directory.url, named: "new.sqlite")

            let text = try TraindbProcess.run(["diff", old, new])
            #expect(text.status == 0, "a warning alone passes")
            #expect(text.stdout == """
                contraindications added (1):
                  + Bench Press × Elbow
                contraindications removed (1):
                  - Bench Press × Wrist
                    warning[diff.removed_contraindication]: users who record a wrist injury \
                are no longer warned about Bench Press
                exercises: 0 added, 0 removed, 0 renamed, 0 changed; \
                contraindications: 1 added, 1 removed; 0 errors, 1 warning

                """)

            let strict = try TraindbProcess.run(["diff", old, new, "--strict"])
            #expect(strict.status == 1)

            let json = try TraindbProcess.run(["diff", old, new, "--format", "json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let pairs = try #require(document["contraindications"] as? [String: [[String: String]]])
            #expect(pairs["added"] == [["canonicalName": "Bench Press", "joint": "Elbow"]])
            #expect(pairs["removed"] == [["canonicalName": "Bench Press", "joint": "Wrist"]])
        }
    }

    @Test func deletingEveryPairingIsNotZeroChanges() throws {
        try TemporaryDirectory.with { directory in
            let old = try CatalogToolsCommandTests.database(
                Self.exercises, contraindications: ["Shoulder", "Wrist", "Elbow"].map(Self.pairing),
                in: directory.url, named: "old.sqlite")
            let new = try CatalogToolsCommandTests.database(Self.exercises, in: directory.url, named: "new.sqlite")
            let run = try TraindbProcess.run(["diff", old, new, "--strict"])
            #expect(run.status == 1)
            #expect(run.stdout.hasSuffix("contraindications: 0 added, 3 removed; 0 errors, 3 warnings\n"))
        }
    }
}
