import Catalog
import Foundation
import Testing
import XLSX
@testable import CatalogImport

/// One broken cell and the exact problem it must produce.
struct BrokenCell: CustomTestStringConvertible, Sendable {
    var name: String
    var column: String
    var row: Int
    var value: CellValue?
    var code: String
    var severity: Problem.Severity = .error
    var cell: String
    var hint: String?

    var testDescription: String { name }
}

@Suite("exercises sheet checks")
struct ExerciseChecksTests {
    @Test func validCatalogueHasNoProblemsAndYieldsRecords() throws {
        let result = try CatalogFixture().importCatalog()
        #expect(result.problems == [])
        let content = try #require(result.content)
        #expect(content.exercises.count == 8)
        #expect(content.contraindications.count == 4)
        let bench = try #require(content.exercises.first)
        #expect(bench.id == "barbell_bench_press")
        #expect(bench.equipmentItem == "Flat Bench")
        #expect(bench.secondaryMuscles == ["Triceps", "Shoulders"])
        #expect(bench.instructions == ["Set up steady.", "Move with control."])
        #expect(content.exercises[1].equipmentItem == nil)
        #expect(content.exercises.map(\.selectionTier) == Array(repeating: 1, count: 8))
        #expect(content.selectionTiers.map(\.label) == ["Staple", "Standard", "Specialist"])
        #expect(
            content.sources.map(\.fileName)
                == [WorkbookContract.exerciseWorkbook, WorkbookContract.contraindicationWorkbook])
        #expect(content.sources.allSatisfy { $0.sha256.count == 64 })
    }

    static let brokenCells: [BrokenCell] = [
        .init(name: "typo in a lookup value", column: "equipment_category", row: 1, value: .text("Dumbells"),
              code: "fk.unknown_value", cell: "D3", hint: "did you mean \"Dumbbells\"?"),
        .init(name: "lookup value in the wrong case", column: "primary_muscle", row: 0, value: .text("chest "),
              code: "fk.unknown_value", cell: "F2", hint: "did you mean \"Chest\"?"),
        .init(name: "item of another category", column: "equipment_specific", row: 2, value: .text("Leg Press"),
              code: "equipment.item_not_in_category", cell: "E4"),
        .init(name: "item on a category without items", column: "equipment_specific", row: 1,
              value: .text("Flat Bench"),
              code: "equipment.item_not_in_category", cell: "E3",
              hint: "Dumbbells has no items: leave equipment_specific blank, or change the category to Barbells"),
        .init(name: "unknown item", column: "equipment_specific", row: 0, value: .text("Flat Bnch"),
              code: "fk.unknown_value", cell: "E2", hint: "did you mean \"Flat Bench\"?"),
        .init(name: "fractional integer", column: "complexity_level", row: 0, value: .number(3.5),
              code: "type.not_integer", cell: "I2"),
        .init(name: "integer stored as text", column: "complexity_level", row: 0, value: .text("3"),
              code: "type.number_as_text", severity: .warning, cell: "I2", hint: "convert the cell to a number"),
        .init(name: "level outside the lookup", column: "complexity_level", row: 0, value: .number(5),
              code: "fk.unknown_value", cell: "I2"),
        .init(name: "boolean written as a word", column: "is_isolation", row: 3, value: .text("yes"),
              code: "type.not_boolean", cell: "K5", hint: "use 1 for yes and 0 for no"),
        .init(name: "boolean out of range", column: "include_in_programme", row: 3, value: .number(2),
              code: "type.not_boolean", cell: "L5", hint: "use 1 for yes and 0 for no"),
        .init(name: "selection tier missing", column: "selection_tier", row: 2, value: nil,
              code: "required.missing", cell: "J4"),
        .init(name: "selection tier outside the lookup", column: "selection_tier", row: 1, value: .number(4),
              code: "fk.unknown_value", cell: "J3"),
        .init(name: "selection tier written as a word", column: "selection_tier", row: 0, value: .text("staple"),
              code: "type.not_integer", cell: "J2"),
        .init(name: "required value missing", column: "primary_muscle", row: 4, value: nil,
              code: "required.missing", cell: "F6"),
        .init(name: "whitespace-only required value", column: "movement_pattern", row: 4, value: .text("   "),
              code: "required.missing", cell: "H6"),
        .init(name: "display name reused ignoring case", column: "display_name", row: 2,
              value: .text(" barbell bench press"),
              code: "unique.duplicate", cell: "B4"),
        .init(name: "id reused", column: "exercise_id", row: 3, value: .text("pull_up"),
              code: "unique.duplicate", cell: "A7"),
        .init(name: "secondary repeats the primary", column: "secondary_muscles", row: 0,
              value: .text("Triceps, Chest"),
              code: "list.contains_primary", cell: "G2"),
        .init(name: "secondary listed twice", column: "secondary_muscles", row: 0,
              value: .text("Triceps, Shoulders, triceps"),
              code: "list.duplicate", cell: "G2"),
        .init(name: "secondary listed twice in a long list", column: "secondary_muscles", row: 0,
              value: .text("Triceps, " + Array(repeating: "Shoulders", count: 17).joined(separator: ", ")),
              code: "list.duplicate", cell: "G2"),
        .init(name: "unknown secondary", column: "secondary_muscles", row: 0, value: .text("Triceps, Delts"),
              code: "fk.unknown_value", cell: "G2"),
        .init(name: "instruction step after a gap", column: "instruction_4", row: 0, value: .text("Lower slowly."),
              code: "instructions.gap", cell: "P2"),
        .init(name: "plain http video", column: "video_url", row: 0, value: .text("http://videos.example/bench.mp4"),
              code: "type.url", cell: "Q2", hint: "use the https:// form of the address"),
        .init(name: "spreadsheet error value", column: "canonical_name", row: 0, value: .error("#N/A"),
              code: "type.error_value", cell: "C2"),
        .init(name: "one group spelt two ways", column: "canonical_name", row: 1, value: .text("bench press"),
              code: "canonical.spelling", cell: "C3", hint: "did you mean \"Bench Press\"?"),
        .init(name: "programme exercise without a swap", column: "canonical_name", row: 5, value: .text("Wide Pull-Up"),
              code: "swap.no_alternative", severity: .warning, cell: "C7"),
        .init(name: "exercise_id with capitals and spaces", column: "exercise_id", row: 0,
              value: .text("Barbell Bench-Press"), code: "id.not_snake_case", cell: "A2",
              hint: "use lower-case letters and digits joined by single underscores, e.g. \"barbell_bench_press\""),
        .init(name: "exercise_id with a double underscore", column: "exercise_id", row: 1,
              value: .text("dumbbell__bench_press"), code: "id.not_snake_case", cell: "A3"),
        .init(name: "exercise_id ending in an underscore", column: "exercise_id", row: 2,
              value: .text("barbell_back_squat_"), code: "id.not_snake_case", cell: "A4"),
        .init(name: "line break inside a display name", column: "display_name", row: 0,
              value: .text("Barbell\nBench Press"), code: "text.control_character", cell: "B2",
              hint: "keep each value on one line, without tabs"),
        .init(name: "tab inside an instruction", column: "instruction_1", row: 1, value: .text("Lie down.\tBrace."),
              code: "text.control_character", cell: "M3"),
        .init(name: "line separator inside a canonical name", column: "canonical_name", row: 0,
              value: .text("Bench\u{2028}Press"), code: "text.control_character", cell: "C2"),
        .init(name: "text past Excel's 32,767 characters", column: "display_name", row: 0,
              value: .text(String(repeating: "a", count: 32_768)), code: "cell.too_long", cell: "B2"),
        .init(name: "over-long value in a lookup column", column: "equipment_category", row: 1,
              value: .text(String(repeating: "Dumbbells ", count: 5_000)), code: "cell.too_long", cell: "D3"),
        .init(name: "over-long value in a number column", column: "complexity_level", row: 1,
              value: .text(String(repeating: "7", count: 40_000)), code: "cell.too_long", cell: "I3"),
    ]

    @Test(arguments: brokenCells)
    func brokenCellIsReportedAtItsCell(_ broken: BrokenCell) throws {
        var fixture = CatalogFixture()
        fixture.set(broken.column, row: broken.row, broken.value)
        let result = try fixture.importCatalog()
        let problem = try #require(result.problems.first { $0.code == broken.code }, "\(result.problems)")
        #expect(problem.severity == broken.severity)
        #expect(problem.file.hasSuffix(WorkbookContract.exerciseWorkbook))
        #expect(problem.sheet == "exercises")
        #expect(problem.cell == broken.cell)
        #expect(problem.column == broken.column)
        if let hint = broken.hint { #expect(problem.hint == hint) }
        #expect(result.content == nil || broken.severity == .warning)
    }

    @Test func booleansAcceptNumbersTextAndLogicalCells() throws {
        var fixture = CatalogFixture()
        fixture.set("is_isolation", row: 0, .boolean(true))
        fixture.set("is_isolation", row: 1, .text("0"))
        fixture.set("include_in_programme", row: 2, .text(" 1 "))
        let result = try fixture.importCatalog()
        #expect(result.problems == [])
        let exercises = try #require(result.content?.exercises)
        #expect(exercises[0].isIsolation == true)
        #expect(exercises[1].isIsolation == false)
        #expect(exercises[2].includeInProgramme == true)
    }

    @Test func surroundingSpacesAreTrimmedAndEmptyRowsSkipped() throws {
        var fixture = CatalogFixture()
        fixture.set("display_name", row: 0, .text("  Barbell Bench Press  "))
        fixture.exercises.insert(Array(repeating: nil, count: fixture.exerciseHeader.count), at: 3)
        let result = try fixture.importCatalog()
        #expect(result.problems == [])
        #expect(result.content?.exercises.first?.displayName == "Barbell Bench Press")
        #expect(result.content?.exercises.count == 8)
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        var fixture = CatalogFixture()
        fixture.set("equipment_category", row: 0, .text("Barbels"))
        fixture.set("complexity_level", row: 3, .number(2.5))
        fixture.set("display_name", row: 6, .text("Pull-Up"))
        fixture.contraindications.append([.text("Bench Press"), .text("knees"), .text("Pressing from the floor.")])
        let result = try fixture.importCatalog()
        #expect(
            result.problems.map(\.code)
                == ["fk.unknown_value", "type.not_integer", "unique.duplicate", "joint.spelling"])
        #expect(result.problems.map(\.cell) == ["D2", "I5", "B8", "B6"])
        #expect(result.content == nil)
    }

    @Test func columnsAreFoundByHeaderNotPosition() throws {
        var fixture = CatalogFixture()
        // Move display_name to the end and insert a blank column: nothing should change.
        let index = try #require(fixture.exerciseHeader.firstIndex(of: "display_name"))
        fixture.exerciseHeader.append(fixture.exerciseHeader.remove(at: index))
        fixture.exercises = fixture.exercises.map { row in
            var row = row
            row.append(row.remove(at: index))
            return row
        }
        let result = try fixture.importCatalog()
        #expect(result.problems == [])
        #expect(result.content?.exercises.first?.displayName == "Barbell Bench Press")
    }

    /// A group's exercises are usually listed together, and the check takes a row naming the
    /// group the row before named, spelt the same, as that group at once. What it finds must not
    /// depend on that: a second misspelling right after the first is reported too, and a
    /// programme exercise after a non-programme one of its group still has no swap.
    @Test func aGroupListedTogetherIsCheckedAsOneListedApart() throws {
        let rows: [(id: String, group: String, programme: Int)] = [
            ("press_a", "Press Group", 1), ("press_b", "press group", 1), ("press_c", "press group", 1),
            ("solo_a", "Solo Group", 0), ("solo_b", "Solo Group", 1), ("pair_a", "Pair Group", 1),
            ("pair_b", "Pair Group", 1),
        ]
        func found(_ order: [Int]) throws -> [String] {
            var fixture = CatalogFixture()
            let before = fixture.exercises.count
            for index in order {
                let row = rows[index]
                fixture.exercises.append(
                    CatalogFixture.row(
                        row.id, row.id.replacingOccurrences(of: "_", with: " "), row.group, "Dumbbells", nil, "Chest",
                        nil,
                        "Horizontal Push", 2, 0, row.programme))
            }
            // Each problem of the added rows as its code and the id of its row.
            return try fixture.importCatalog(keepsContent: false).problems.compactMap { problem in
                guard let cell = problem.cell, let number = Int(cell.drop { $0.isLetter }) else { return nil }
                let position = number - 2 - before
                guard order.indices.contains(position) else { return nil }
                return "\(problem.code) \(rows[order[position]].id)"
            }.sorted()
        }
        let together = try found(Array(rows.indices))
        #expect(
            together == [
                "canonical.spelling press_b", "canonical.spelling press_c", "swap.no_alternative press_a",
                "swap.no_alternative solo_b",
            ])
        #expect(try found([0, 3, 1, 5, 2, 4, 6]) == together)
    }
}
