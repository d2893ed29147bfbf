import Catalog
import Foundation
import TestSupport
import Testing
import XLSX
import XLSXTestSupport
@testable import CatalogImport

@Suite("schema, lookup and contraindication checks")
struct WorkbookChecksTests {
    @Test func unknownCanonicalNameInContraindicationsGetsAHint() throws {
        var fixture = CatalogFixture()
        fixture.contraindications[0][0] = .text("Bench Pres")
        let result = try fixture.importCatalog()
        let problem = try #require(result.problems.first)
        #expect(problem.code == "fk.unknown_value")
        #expect(problem.file.hasSuffix(WorkbookContract.contraindicationWorkbook))
        #expect(problem.location == "contraindications!A2")
        #expect(problem.hint == "did you mean \"Bench Press\"?")
    }

    @Test(arguments: ["Knees", "knee", " Knee  ", "KNEE"])
    func jointSpellingsThatDifferOnlyInCaseSpaceOrPluralAreOneJoint(_ spelling: String) throws {
        var fixture = CatalogFixture()
        fixture.contraindications.append([.text("Bench Press"), .text("Knee"), .text("Pressing with feet planted.")])
        fixture.contraindications.append([.text("Pull-Up"), .text(spelling), .text("Kipping.")])
        let result = try fixture.importCatalog()
        let trimmed = spelling.trimmingCharacters(in: .whitespaces)
        if trimmed == "Knee" {
            #expect(result.problems == [])
        } else {
            let problem = try #require(result.problems.first)
            #expect(problem.code == "joint.spelling")
            #expect(problem.location == "contraindications!B7")
            #expect(problem.message.contains("\"\(trimmed)\"") && problem.message.contains("\"Knee\""))
        }
    }

    @Test func repeatedGroupAndJointPairIsAnError() throws {
        var fixture = CatalogFixture()
        fixture.contraindications.append([.text("Squat"), .text("Knee"), .text("Again.")])
        let problem = try #require(try fixture.importCatalog().problems.first)
        #expect(problem.code == "unique.duplicate")
        #expect(problem.location == "contraindications!B6")
        #expect(problem.message.contains("row 3"))
    }

    @Test func contraindicationNeedsItsNotes() throws {
        var fixture = CatalogFixture()
        fixture.contraindications[2][2] = nil
        let problem = try #require(try fixture.importCatalog().problems.first)
        #expect(problem.code == "required.missing")
        #expect(problem.location == "contraindications!C4")
    }

    @Test func renamedMasterColumnIsReportedInBothPlaces() throws {
        var fixture = CatalogFixture()
        fixture.exerciseHeader[4] = "equipment_item"
        let problems = try fixture.importCatalog().problems
        let undeclared = try #require(problems.first { $0.code == "column.undeclared" })
        #expect(undeclared.location == "exercises!E1")
        #expect(undeclared.value == "equipment_item")
        let missing = try #require(problems.first { $0.code == "column.missing" })
        #expect(missing.sheet == "exercises")
        #expect(missing.message.contains("schema!A6"))
    }

    @Test func schemaSheetThatDisagreesWithTheShippedSchemaIsReported() throws {
        var fixture = CatalogFixture()
        fixture.schema[8][1] = .text("text")  // complexity_level declared as text
        fixture.schema.append([.text("tempo"), .text("text"), .text("N"), .text("N"), nil, .text("Lifting tempo.")])
        fixture.schema.removeAll { $0.first == .text("thumbnail_url") }
        let problems = try fixture.importCatalog().problems
        let mismatch = try #require(problems.first { $0.code == "schema.mismatch" })
        #expect(mismatch.location == "schema!B10")
        #expect(mismatch.value == "text")
        #expect(mismatch.hint == "set it to \"integer\", or change the database schema in a new migration")
        let unknown = try #require(problems.first { $0.code == "schema.unknown_column" })
        #expect(unknown.location == "schema!A19")
        #expect(problems.contains { $0.code == "schema.missing_column" && $0.message.contains("thumbnail_url") })
        #expect(problems.contains { $0.code == "column.missing" && $0.message.contains("\"tempo\"") })
        #expect(problems.contains { $0.code == "column.undeclared" && $0.location == "exercises!R1" })
    }

    @Test func invalidSchemaEntriesAreReported() throws {
        var fixture = CatalogFixture()
        fixture.schema[0][1] = .text("string")
        fixture.schema[1][2] = .text("maybe")
        fixture.schema[3][4] = .text("lookup_gear.category")
        let problems = try fixture.importCatalog().problems.filter { $0.code == "schema.invalid" }
        #expect(problems.map(\.location) == ["schema!B2", "schema!C3", "schema!E5"])
    }

    @Test func missingSheetIsReportedWithTheSheetsThatExist() throws {
        var fixture = CatalogFixture()
        fixture.omittedSheets = ["lookup_muscles"]
        let result = try fixture.importCatalog()
        let problem = try #require(result.problems.first)
        #expect(problem.code == "sheet.missing")
        #expect(problem.sheet == "lookup_muscles")
        #expect(problem.hint?.contains("\"lookup_equipment\"") == true)
        #expect(result.content == nil)
    }

    @Test func badLookupRowsAreReported() throws {
        var fixture = CatalogFixture()
        fixture.muscles[0][1] = .text("torso")
        fixture.complexity[3][0] = .number(7)
        fixture.tiers[1][0] = .number(0)
        fixture.tiers.append([.number(3), .text("Specialist"), .text("Listed again.")])
        fixture.equipment.append([.text("Barbells"), .text("Squat Rack")])
        let problems = try fixture.importCatalog().problems
        #expect(problems.contains { $0.code == "lookup.invalid" && $0.location == "lookup_muscles!B2" })
        #expect(problems.contains { $0.code == "lookup.invalid" && $0.location == "lookup_complexity!A5" })
        #expect(problems.contains { $0.code == "lookup.invalid" && $0.location == "lookup_selection_tier!A3" })
        #expect(problems.contains {
            $0.code == "lookup.duplicate" && $0.severity == .warning && $0.location == "lookup_selection_tier!A5"
        })
        #expect(
            problems.contains {
                $0.code == "lookup.duplicate" && $0.severity == .warning && $0.location == "lookup_equipment!A9"
            })
    }

    @Test func sheetsAreFoundByNameIgnoringCaseAndSpaces() throws {
        try TemporaryDirectory.with { directory in
            try CatalogFixture().write(to: directory.url)
            // Rewrite the contraindication workbook with differently cased sheet names.
            let fixture = CatalogFixture()
            let text: ([String]) -> [CellValue?] = { $0.map(CellValue.text) }
            try WorkbookWriter(sheets: [
                .init(
                    name: "Schema",
                    rows: [text(WorkbookContract.schemaSheetColumns)] + fixture.contraindicationSchema),
                .init(
                    name: " Contraindications ",
                    rows: [text(["Canonical_Name", "JOINT", "notes"])] + fixture.contraindications),
                .init(
                    name: "Exercise_Exceptions",
                    rows: [text(["exercise_id", "Joint", "level", "Cue", "notes"])] + fixture.exceptions),
            ]).write(to: directory.path(WorkbookContract.contraindicationWorkbook))
            let result = try CatalogImporter().importCatalog(from: directory.url.path)
            #expect(result.problems == [])
            #expect(result.content?.contraindications.count == 4)
        }
    }

    @Test func unreadableWorkbooksFailWithTheFileNamed() throws {
        try TemporaryDirectory.with { directory in
            try CatalogFixture().write(to: directory.url)
            let contraindications = directory.url.appendingPathComponent(WorkbookContract.contraindicationWorkbook)
            try Data("not a spreadsheet".utf8).write(to: contraindications)
            #expect {
                try CatalogImporter().importCatalog(from: directory.url.path)
            } throws: { error in
                guard let failure = error as? ImportFailure else { return false }
                return failure.code == "zip.not_a_zip" && failure.file == contraindications.path
            }
            try FileManager.default.removeItem(at: contraindications)
            #expect {
                try CatalogImporter().importCatalog(from: directory.url.path)
            } throws: { error in
                (error as? ImportFailure)?.code == "file.missing"
            }
        }
    }

    @Test func provenanceRecordsEachWorkbooksSHA256() throws {
        try TemporaryDirectory.with { directory in
            try CatalogFixture().write(to: directory.url)
            let content = try #require(try CatalogImporter().importCatalog(from: directory.url.path).content)
            #expect(content.sources.map(\.fileName).sorted() == [
                WorkbookContract.contraindicationWorkbook, WorkbookContract.exerciseWorkbook,
            ])
            for source in content.sources {
                // An implementation other than the importer's: coreutils.
                let sum = try Subprocess.run(
                    URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", directory.path(source.fileName)])
                #expect(source.sha256 == String(sum.stdout.prefix(64)), "\(source.fileName)")
            }
        }
    }
}
