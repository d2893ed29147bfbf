import Foundation
import Testing
import XLSX
import CatalogBuild
import TestSupport
@testable import CatalogImport

/// The exercises sheet is checked as it is read, a row at a time: what a check finds and says
/// does not depend on the rows being held, and a long sheet costs no more than what other sheets
/// look up in it.
@Suite("streamed check")
struct StreamedCheckTests {
    @Test func aCheckFindsWhatABuildFindsAndKeepsNoCatalogue() throws {
        var fixture = ProblemCapTests.fixture(badRows: 3)
        fixture.exceptions.append(
            [.text("machine_leg_prss"), .text("Knee"), .text("safe"), nil, .text("A typo of an exercise id.")])
        let building = try fixture.importCatalog(keepsContent: true)
        let checking = try fixture.importCatalog(keepsContent: false)
        let shown = { (result: CatalogImporter.Result) in
            result.problems.map { [$0.code, $0.sheet ?? "", $0.cell ?? "", $0.message, $0.hint ?? ""] }
        }
        #expect(shown(checking) == shown(building))
        #expect(checking.errorCount == 7 && checking.content == nil)
        let typo = try #require(checking.problems.first { $0.value == "machine_leg_prss" })
        #expect(typo.code == "fk.unknown_value" && typo.cell == "A3")
        #expect(typo.hint == "did you mean \"machine_leg_press\"?")

        let clean = try CatalogFixture().importCatalog(keepsContent: false)
        #expect(clean.errorCount == 0 && clean.content == nil)
        #expect(try CatalogFixture().importCatalog(keepsContent: true).content?.exceptions.count == 1)
    }

    /// A build streams the valid exercises into its database as they are checked, holding none:
    /// the file is byte for byte the one built from the whole catalogue held in memory, and a
    /// check that finds errors writes nothing and leaves no directory behind.
    @Test func aStreamedBuildWritesTheBytesOfAHeldOne() throws {
        var fixture = CatalogFixture()
        // Rows out of id order, so that the build's own order is what the file shows.
        fixture.exercises.reverse()
        try TemporaryDirectory.with { directory in
            try fixture.write(to: directory.url)
            let held = try #require(try CatalogImporter().importCatalog(from: directory.url.path).content)
            #expect(held.exercises.count > 1)
            let heldPath = directory.path("held/exercises.sqlite")
            try CatalogDatabaseWriter().write(held, to: heldPath)

            let streamedPath = directory.path("streamed/exercises.sqlite")
            var streamedContent: CatalogContent?
            let written = try CatalogDatabaseWriter().write(to: streamedPath) { stage in
                let result = try CatalogImporter(stage: stage).importCatalog(from: directory.url.path)
                streamedContent = result.content
                return result.errorCount == 0 ? result.content : nil
            }
            #expect(written?.exercises == held.exercises.count)
            #expect(streamedContent?.exercises.isEmpty == true, "a streamed import keeps no exercise")
            let heldBytes = try Data(contentsOf: URL(fileURLWithPath: heldPath))
            #expect(heldBytes == (try Data(contentsOf: URL(fileURLWithPath: streamedPath))))

            // A check that fails: nil, no file, and the directory the build made is gone.
            let failedPath = directory.path("failed/nested/exercises.sqlite")
            let failed = try CatalogDatabaseWriter().write(to: failedPath) { stage in
                _ = try CatalogImporter(stage: stage).importCatalog(from: directory.url.path)
                return nil
            }
            #expect(failed == nil)
            #expect(!FileManager.default.fileExists(atPath: directory.path("failed")))
        }
    }

    @Test func aRowNoHeaderCoversIsReportedInItsPlace() throws {
        var fixture = CatalogFixture()
        fixture.exercises[1].append(contentsOf: Array(repeating: nil, count: 30) + [.text("stray")])
        let problems = try fixture.importCatalog().problems
        let stray = try #require(problems.first { $0.code == "column.no_header" })
        #expect(stray.value == "stray" && stray.sheet == "exercises")
    }

    /// A value repeated 40,000 rows after its first is found and located as on a short sheet:
    /// the uniqueness index keeps every value of a long sheet, and the first row exactly (the
    /// index's own tests go to 300,000 values; this sheet is as long as a test stays quick).
    @Test func aDuplicateFarDownALongSheetIsFoundAtItsCell() throws {
        var fixture = CatalogFixture()
        for index in 0..<40_000 {
            fixture.exercises.append(CatalogFixture.row(
                "extra_\(index)", "Extra \(index)", "Bench Press", "Dumbbells", nil, "Chest", nil, "Horizontal Push",
                2, 0, 0))
        }
        fixture.exercises.append(CatalogFixture.row(
            "extra_7", " EXTRA  7", "Bench Press", "Dumbbells", nil, "Chest", nil, "Horizontal Push", 2, 0, 0))
        let last = fixture.exercises.count + 1
        let result = try fixture.importCatalog(keepsContent: false)
        #expect(result.problems.map { "\($0.location ?? "") \($0.message)" } == [
            "exercises!A\(last) exercise_id \"extra_7\" is already used at exercises!A17",
            "exercises!B\(last) display_name \"EXTRA  7\" is already used at exercises!B17",
        ])
        #expect(result.errorCount == 2)
    }

    @Test func pastTheFullLimitOnlyLookedUpValuesAreKept() {
        var values = LookupValues(referenced: ["bench press", "squat"])
        for index in 0..<(LookupValues.fullLimit + 10) { values.add("exercise \(index)") }
        values.add("Bench  Press")
        #expect(!values.isComplete && values.kept == ["Bench  Press"])
        let index = LookupIndex(source: "exercises.canonical_name", values: values.kept, isComplete: values.isComplete)
        #expect(index.sameIgnoringCaseAndSpacing("bench press") == "Bench  Press")
        #expect(index.hint(for: "deadlift") == "allowed values are listed in exercises.canonical_name")

        var few = LookupValues(referenced: [])
        few.add("Squat")
        #expect(few.isComplete && few.kept == ["Squat"])
        #expect(LookupIndex(source: "s.c", values: few.kept).hint(for: "Lunge") == "allowed values: \"Squat\"")
    }
}
