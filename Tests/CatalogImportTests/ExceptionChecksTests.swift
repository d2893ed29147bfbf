import Catalog
import CatalogImport
import Testing
import XLSX

/// The `exercise_exceptions` sheet: each row checked and located, the rows that change nothing
/// warned about, and the valid ones carried into the catalogue.
@Suite("exercise exceptions")
struct ExceptionChecksTests {
    @Test func aValidExceptionReachesTheCatalogue() throws {
        let result = try CatalogFixture().importCatalog()
        #expect(result.problems == [])
        #expect(result.content?.exceptions == [
            ExerciseException(
                exerciseId: "machine_leg_press", joint: "Lower Back", level: .safe, notes: "The back pad carries the torso.")
        ])
    }

    @Test func everyBadRowIsReportedAtItsCellInOneRun() throws {
        var fixture = CatalogFixture()
        fixture.exceptions += [
            // Row 3: an exercise the workbook does not have.
            ["machine_leg_pres", "Knee", "safe", "Typo."],
            // Row 4: a level that is neither safe nor contraindicated.
            ["barbell_back_squat", "Knee", "sometimes", "Depth."],
            // Row 5: the pair of row 2 again.
            ["machine_leg_press", "Lower Back", "safe", "Again."],
            // Row 6: a joint spelt unlike the contraindications sheet's.
            ["chin_up", "elbows", "safe", "Palms in."],
        ].map { $0.map(CellValue.text) }
        let result = try fixture.importCatalog()
        let found = Set(result.problems.map { "\($0.code) \($0.location ?? "")" })
        #expect(found == [
            "fk.unknown_value exercise_exceptions!A3", "exception.level exercise_exceptions!C4",
            "unique.duplicate exercise_exceptions!B5", "joint.spelling exercise_exceptions!B6",
        ])
        let spelling = try #require(result.problems.first { $0.code == "joint.spelling" })
        #expect(spelling.message.contains("\"elbows\"") && spelling.message.contains("\"Elbow\" at contraindications!B5"))
        #expect(result.content == nil)
    }

    @Test func aRowThatChangesNothingIsAWarning() throws {
        var fixture = CatalogFixture()
        fixture.exceptions += [
            // Row 3: safe for a joint the Bench Press group is not contraindicated for.
            ["dumbbell_bench_press", "Knee", "safe", "Feet planted."],
            // Row 4: contraindicated for a joint the Squat group already is.
            ["barbell_back_squat", "Knee", "contraindicated", "Deep bend."],
        ].map { $0.map(CellValue.text) }
        let result = try fixture.importCatalog()
        #expect(result.problems.map { "\($0.severity) \($0.code) \($0.location ?? "")" } == [
            "warning exception.no_effect exercise_exceptions!C3", "warning exception.no_effect exercise_exceptions!C4",
        ])
        #expect(result.problems[0].message.contains("is not contraindicated for it: the row changes nothing"))
        // Warnings build: both rows are kept.
        #expect(result.content?.exceptions.count == 3)
    }

    @Test func aColumnTheSchemaSheetDoesNotDeclareForTheSheetIsReported() throws {
        var fixture = CatalogFixture()
        fixture.contraindicationSchema.removeAll { $0[0] == .text("exercise_exceptions.level") }
        let result = try fixture.importCatalog()
        #expect(result.problems.contains {
            $0.code == "schema.missing_column" && $0.message.contains("\"exercise_exceptions.level\"")
        })
        #expect(result.problems.contains { $0.code == "column.undeclared" && $0.location == "exercise_exceptions!C1" })
    }
}
