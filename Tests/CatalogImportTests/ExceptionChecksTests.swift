import Catalog
import CatalogImport
import Testing
import XLSX

/// The `exercise_exceptions` sheet: each row checked and located, the rows that change nothing
/// warned about, and the valid ones carried into the catalogue.
@Suite("exercise exceptions")
struct ExceptionChecksTests {
    /// A row of the sheet: `exercise_id`, `joint`, `level`, `cue` (nil: blank), `notes`.
    static func row(
        _ id: String, _ joint: String, _ level: String, cue: String? = nil, _ notes: String
    ) -> [CellValue?] {
        [.text(id), .text(joint), .text(level), cue.map(CellValue.text), .text(notes)]
    }

    @Test func aValidExceptionReachesTheCatalogue() throws {
        let result = try CatalogFixture().importCatalog()
        #expect(result.problems == [])
        #expect(result.content?.exceptions == [
            ExerciseException(
                exerciseId: "machine_leg_press", joint: "Lower Back", level: .safe,
                notes: "The back pad carries the torso.")
        ])
    }

    @Test func everyBadRowIsReportedAtItsCellInOneRun() throws {
        var fixture = CatalogFixture()
        fixture.exceptions += [
            // Row 3: an exercise the workbook does not have.
            Self.row("machine_leg_pres", "Knee", "safe", "Typo."),
            // Row 4: a level that is not safe, modified or contraindicated.
            Self.row("barbell_back_squat", "Knee", "sometimes", "Depth."),
            // Row 5: the pair of row 2 again, with another level.
            Self.row("machine_leg_press", "Lower Back", "contraindicated", "Again."),
            // Row 6: a joint spelt unlike the contraindications sheet's.
            Self.row("chin_up", "elbows", "safe", "Palms in."),
            // Row 7: a modified row without its cue.
            Self.row("barbell_back_squat", "Lower Back", "modified", "Brace first."),
            // Row 8: a cue on a safe row.
            Self.row("dumbbell_bench_press", "Shoulder", "safe", cue: "elbows tucked", "Tucked."),
            // Row 9: a joint the contraindications sheet never names.
            Self.row("dumbbell_bench_press", "Toe", "contraindicated", "Dropped weights."),
        ]
        let result = try fixture.importCatalog()
        let found = Set(result.problems.map { "\($0.code) \($0.location ?? "")" })
        #expect(found == [
            "fk.unknown_value exercise_exceptions!A3", "exception.level exercise_exceptions!C4",
            "unique.duplicate exercise_exceptions!B5", "joint.spelling exercise_exceptions!B6",
            "exception.cue exercise_exceptions!D7", "exception.cue exercise_exceptions!D8",
            "fk.unknown_value exercise_exceptions!B9",
        ])
        let spelling = try #require(result.problems.first { $0.code == "joint.spelling" })
        #expect(
            spelling.message.contains("\"elbows\"") && spelling.message.contains("\"Elbow\" at contraindications!B5"))
        let duplicate = try #require(result.problems.first { $0.code == "unique.duplicate" })
        #expect(duplicate.message.contains("already listed on row 2"))
        #expect(duplicate.hint == "the rows say \"safe\" and \"contraindicated\": keep the one row that is right")
        let missingCue = try #require(result.problems.first { $0.location == "exercise_exceptions!D7" })
        #expect(
            missingCue.severity == .error && missingCue.column == "cue" && missingCue.message.contains("needs a cue"))
        let unknownJoint = try #require(result.problems.first { $0.location == "exercise_exceptions!B9" })
        #expect(unknownJoint.message.contains("\"Toe\"") && unknownJoint.hint?.contains("Shoulder, Knee") == true)
        #expect(result.content == nil)
    }

    @Test func aModifiedRowCarriesItsCueIntoTheCatalogue() throws {
        var fixture = CatalogFixture()
        fixture.exceptions += [
            // Knee: the Squat group is contraindicated; the squat is allowed with the cue.
            Self.row("barbell_back_squat", "Knee", "modified", cue: "to a pain-free depth", "Depth is the lever."),
            // Elbow: the group is not contraindicated; a cue still changes something.
            Self.row("dumbbell_bench_press", "Elbow", "Modified", cue: "light load, slow tempo", "Heavy lockouts."),
        ]
        let result = try fixture.importCatalog()
        #expect(result.problems == [])
        let exceptions = try #require(result.content?.exceptions)
        #expect(exceptions.filter { $0.level == .modified }.map { "\($0.exerciseId) \($0.joint) \($0.cue ?? "")" } == [
            "barbell_back_squat Knee to a pain-free depth", "dumbbell_bench_press Elbow light load, slow tempo",
        ])
        #expect(exceptions.first { $0.level == .safe }?.cue == nil)
    }

    @Test func aRowThatChangesNothingIsAWarning() throws {
        var fixture = CatalogFixture()
        fixture.exceptions += [
            // Row 3: safe for a joint the Bench Press group is not contraindicated for.
            Self.row("dumbbell_bench_press", "Knee", "safe", "Feet planted."),
            // Row 4: contraindicated for a joint the Squat group already is.
            Self.row("barbell_back_squat", "Knee", "contraindicated", "Deep bend."),
        ]
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
