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

    /// A streamed column's index answers from the values the looking-up sheets name, and reads
    /// every value only for one they do not: it answers as an index of every value does, before
    /// and after it has read them, short of and past the full limit.
    @Test func aStreamedIndexAnswersAsOneOfEveryValue() {
        let column =
            ["Bench Press", "bench  press", "Squat", "Kelvin", "Deadlift", "e\u{301}te", "Row", "Squat"]
            + (0..<40).map { "Exercise \($0)" }
        let probes =
            column + [
                "BENCH PRESS", "bench press", " Bench Press", "\u{212A}elvin", "kelvin", "\u{E9}te", "Lunge", "Squats",
                "Exercise 77", "exercise 7", "", "Dedlift", "Row ",
            ]
        let referenced: [Set<String>] = [
            [], ["bench press", "squat", "kelvin", "\u{E9}te"], ["row", "lunge", "exercise 7", "squats"],
            Set(column.map(SheetTable.normalise)),
        ]
        var streams: [LookupValues] = []
        for names in referenced {
            var values = LookupValues(referenced: names)
            for value in column { values.add(value) }
            streams.append(values)
        }
        var long = LookupValues(referenced: ["bench press", "squat", "exercise 7"])
        for index in 0..<(LookupValues.fullLimit + 10) { long.add("exercise \(index)") }
        for value in column { long.add(value) }
        streams.append(long)

        func answers(_ index: LookupIndex, _ probe: String) -> [String] {
            [
                "\(index.contains(probe))", index.sameIgnoringCaseAndSpacing(probe) ?? "-",
                index.closest(to: probe) ?? "-", index.hint(for: probe),
            ]
        }
        var differing: [String] = []
        for values in streams {
            let every = LookupIndex(source: "s.c", values: values.kept, isComplete: values.isComplete)
            let shared = LookupIndex(source: "s.c", streamed: values)
            for probe in probes {
                let expected = answers(every, probe)
                if answers(LookupIndex(source: "s.c", streamed: values), probe) != expected
                    || answers(shared, probe) != expected
                {
                    differing.append(probe)
                }
            }
            #expect(shared.values == every.values)
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map(\.debugDescription))")
    }

    /// A record finds a column's cell, searching down from where a row without blanks holds
    /// it, as a search of every cell does: cells in column order, any columns blank.
    @Test func aRecordFindsEachCellAsASearchOfAllDoes() {
        var state: UInt64 = 0xCE11
        var differing: [[Int]] = []
        for _ in 0..<5_000 {
            var columns: [Int] = []
            for column in 1...24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                if state >> 62 != 0 { columns.append(column) }
            }
            let cells = columns.map { Cell(reference: CellReference(row: 2, column: $0), value: .number(Double($0))) }
            let record = SheetTable.Record(number: 2, cells: cells)
            for column in -1...26 {
                let expected = record.cells.first { $0.reference.column == column }?.value
                if record[column] != expected { differing.append(columns + [-column]) }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// A row's fields, read at the slots of its sheet's layout, are the parsed record's values of
    /// their columns, whatever the order of the sheet's columns and whichever it lacks.
    @Test func aRowReadsEachFieldFromItsColumn() {
        #expect(ExerciseColumn.allCases.map(\.ordinal) == Array(ExerciseColumn.allCases.indices))
        var state: UInt64 = 0x1A70
        for _ in 0..<200 {
            var columns = ExerciseColumn.allCases.enumerated().map { (column: $1, index: $0 + 1) }
            for index in columns.indices.reversed() {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                columns.swapAt(index, Int(state >> 33) % (index + 1))
            }
            columns.removeLast(Int(state >> 60) % 4)
            var record = ParsedRecord<ExerciseColumn>(number: 7, columns: columns)
            for slot in columns.indices where slot % 5 != 0 {
                let value: FieldValue =
                    switch columns[slot].column.spec.dataType {
                    case .integer: .integer(slot)
                    case .boolean: .boolean(slot % 2 == 0)
                    case .list: .list(["a\(slot)", "b"])
                    case .text, .url: .text("value \(slot)")
                    }
                record.set(slot: slot, to: value)
            }
            let row = ExerciseRow(record)
            let read: [(ExerciseColumn, FieldValue?)] = [
                (.exerciseID, row.id.map(FieldValue.text)), (.displayName, row.displayName.map(FieldValue.text)),
                (.canonicalName, row.canonicalName.map(FieldValue.text)),
                (.equipmentCategory, row.equipmentCategory.map(FieldValue.text)),
                (.equipmentSpecific, row.equipmentItem.map(FieldValue.text)),
                (.primaryMuscle, row.primaryMuscle.map(FieldValue.text)),
                (.secondaryMuscles, row.secondaryMuscles.map(FieldValue.list)),
                (.movementPattern, row.movementPattern.map(FieldValue.text)),
                (.complexityLevel, row.complexity.map(FieldValue.integer)),
                (.selectionTier, row.selectionTier.map(FieldValue.integer)),
                (.isIsolation, row.isIsolation.map(FieldValue.boolean)),
                (.includeInProgramme, row.includeInProgramme.map(FieldValue.boolean)),
                (.instruction1, row.instruction(1).map(FieldValue.text)),
                (.instruction2, row.instruction(2).map(FieldValue.text)),
                (.instruction3, row.instruction(3).map(FieldValue.text)),
                (.instruction4, row.instruction(4).map(FieldValue.text)),
                (.videoURL, row.videoURL.map(FieldValue.text)), (.thumbnailURL, row.thumbnailURL.map(FieldValue.text)),
            ]
            #expect(read.map(\.0) == ExerciseColumn.allCases)
            for (column, value) in read {
                #expect(value == record[column], "\(column)")
                #expect(row.column(column) == record.column(column), "\(column)")
            }
            #expect((1...4).map(row.hasInstruction) == (1...4).map { row.instruction($0) != nil })
            #expect(row.number == 7 && row.isValid)
        }
    }
}
