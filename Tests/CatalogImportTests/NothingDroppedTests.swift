import Foundation
import Testing
import XLSX
@testable import CatalogImport

/// The contract's promise that nothing in a checked sheet fails to reach the database without a
/// problem saying so, and that every message stays readable whatever a cell holds.
@Suite("nothing dropped silently, every message readable")
struct NothingDroppedTests {
    @Test func valuesUnderABlankHeaderAreErrorsAtTheirCells() throws {
        var fixture = CatalogFixture()
        // Column S has no header; two rows hold something there.
        fixture.exercises[0].append(.text("left over"))
        fixture.exercises[3] += [nil]
        fixture.exercises[5] += [.number(12)]
        let result = try fixture.importCatalog()
        #expect(result.problems.map(\.code) == ["column.no_header", "column.no_header"])
        #expect(result.problems.map(\.location) == ["exercises!S2", "exercises!S7"])
        #expect(result.problems.first?.message == "S2 holds \"left over\", but column S has no header")
        #expect(result.problems.first?.value == "left over")
        #expect(result.content == nil)
    }

    @Test func aContraindicationValueUnderABlankHeaderIsAnError() throws {
        var fixture = CatalogFixture()
        fixture.contraindications[1] += [nil, .text("also the hip")]
        let result = try fixture.importCatalog()
        #expect(result.problems.map(\.code) == ["column.no_header"])
        #expect(result.problems.first?.location == "contraindications!E3")
    }

    @Test func aLineBreakAtEitherEndIsTrimmedNotReported() throws {
        var fixture = CatalogFixture()
        fixture.set("instruction_1", row: 0, .text("Set up steady.\n"))
        fixture.set("display_name", row: 1, .text("\tDumbbell Bench Press"))
        let result = try fixture.importCatalog()
        #expect(result.problems == [])
        #expect(result.content?.exercises[1].displayName == "Dumbbell Bench Press")
    }

    @Test(arguments: ["bench_press", "a", "leg_press_2", "90_90_hip_switch"])
    func snakeCaseIdentifiersPass(_ id: String) {
        #expect(ExerciseRules.isSnakeCase(id))
    }

    @Test(arguments: [
        "", "_", "Bench_press", "bench press", "bench-press", "bench__press", "_bench", "bench_", "bänch",
    ])
    func otherIdentifiersFail(_ id: String) {
        #expect(!ExerciseRules.isSnakeCase(id))
    }

    @Test func anOverLongCellIsOneProblemWithAShortMessage() throws {
        var fixture = CatalogFixture()
        // 9 MB in a lookup column; Excel trims the last space.
        let value = String(repeating: "Barbells ", count: 1_000_000)
        fixture.set("equipment_category", row: 0, .text(value))
        let result = try fixture.importCatalog()
        #expect(result.problems.map(\.code) == ["cell.too_long"])
        let problem = try #require(result.problems.first)
        #expect(problem.location == "exercises!D2")
        #expect(
            problem.message == "equipment_category holds 8999999 characters, more than the 32767 Excel keeps in a cell")
        #expect((problem.value?.count ?? 0) <= 201)
    }

    @Test func messagesQuoteAtMost200CharactersOfAValue() throws {
        var fixture = CatalogFixture()
        let long = String(repeating: "x", count: 5_000)
        fixture.set("equipment_category", row: 0, .text(long))  // unknown lookup value
        fixture.set("complexity_level", row: 1, .text("level " + long))  // not an integer
        fixture.set("exercise_id", row: 2, .text("Squat " + long))  // not snake_case
        fixture.exerciseHeader[17] = "thumbnail_url " + long  // an undeclared column
        let result = try fixture.importCatalog()
        let codes = Set(result.problems.map(\.code))
        #expect(
            codes.isSuperset(of: ["fk.unknown_value", "type.not_integer", "id.not_snake_case", "column.undeclared"]))
        for problem in result.problems {
            let text = [problem.message, problem.hint ?? "", problem.value ?? "", problem.column ?? ""]
            #expect(text.allSatisfy { $0.count < 450 }, "\(problem.code): \(problem.message)")
        }
        let unknown = try #require(result.problems.first { $0.code == "fk.unknown_value" })
        #expect(unknown.message == "unknown equipment_category \"\(String(repeating: "x", count: 200))…\" (5000 bytes)")
    }

    @Test(arguments: ["exercises", "contraindications"])
    func aHiddenMasterSheetIsAWarning(_ sheet: String) throws {
        var fixture = CatalogFixture()
        fixture.hiddenSheets = [sheet, "lookup_muscles"]
        let result = try fixture.importCatalog()
        #expect(result.problems.map(\.code) == ["sheet.hidden"])
        let problem = try #require(result.problems.first)
        #expect(problem.severity == .warning)
        #expect(problem.location == sheet)
        #expect(result.content?.exercises.count == 8, "a warning builds")
    }

    @Test func aSheetListedTwiceIsAnErrorAndTheFirstIsRead() throws {
        var fixture = CatalogFixture()
        // The exercises entry again, pointing at the schema sheet's part.
        fixture.editSheetList = { xml in
            xml.replacingOccurrences(
                of: "</sheets>", with: "<sheet name=\"Exercises\" sheetId=\"99\" r:id=\"rId2\"/></sheets>")
        }
        let result = try fixture.importCatalog()
        #expect(result.problems.map(\.code) == ["sheet.duplicate"])
        #expect(result.problems.first?.severity == .error)
        #expect(result.problems.first?.sheet == "Exercises")
    }
}
