import Foundation
import Testing
import XLSX
@testable import CatalogImport

/// `--max-problems`: a workbook with a million bad rows lists the first problems of each kind
/// and counts the rest exactly, in text, JSON and CI annotations.
@Suite("problem cap")
struct ProblemCapTests {
    /// The fixture with `count` more exercises whose primary muscle and complexity are wrong.
    static func fixture(badRows count: Int) -> CatalogFixture {
        var fixture = CatalogFixture()
        for index in 0..<count {
            var row = CatalogFixture.row(
                "extra_\(index)", "Extra \(index)", "Bench Press", "Dumbbells", nil, "Pecs", nil, "Horizontal Push",
                2, 0, 1)
            row[8] = .text("hard")
            fixture.exercises.append(row)
        }
        return fixture
    }

    @Test func eachKindKeepsItsFirstProblemsAndCountsTheRest() throws {
        let result = try Self.fixture(badRows: 30).importCatalog(problemLimit: 5)
        let muscles = result.problems.filter { $0.code == "fk.unknown_value" && $0.column == "primary_muscle" }
        #expect(muscles.map(\.omittedCount) == [0, 0, 0, 0, 0, 25])
        #expect(muscles.prefix(5).map(\.cell) == ["F10", "F11", "F12", "F13", "F14"])
        let levels = result.problems.filter { $0.column == "complexity_level" }
        #expect(levels.count == 6 && levels.last?.omittedCount == 25)
        // Every problem is counted: 30 rows × 2 errors.
        #expect(result.errorCount == 60)
        #expect(result.content == nil)

        let report = ProblemReport(problems: result.problems)
        #expect(report.errorCount == 60 && report.omittedCount == 50)
        let text = report.text()
        #expect(text.contains("""
            error[fk.unknown_value]: … and 25 more like this
              --> \(muscles[5].file) › exercises, column primary_muscle

            """))
        #expect(text.hasSuffix("60 errors, 0 warnings (50 not listed: raise --max-problems, or 0 for all)\n"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect((json["summary"] as? [String: Int]) == ["errors": 60, "warnings": 0, "omitted": 50])
        #expect((json["problems"] as? [Any])?.count == 10)
        let omitted = try #require(json["omitted"] as? [[String: Any]])
        #expect(omitted.map { $0["count"] as? Int } == [25, 25])
        #expect(omitted.map { $0["column"] as? String } == ["primary_muscle", "complexity_level"]
            || omitted.map { $0["column"] as? String } == ["complexity_level", "primary_muscle"])
        #expect(
            report.github().contains(
                ",title=fk.unknown_value::exercises column primary_muscle: 25 more like this, not listed\n"))
    }

    @Test func withoutALimitEveryProblemIsListed() throws {
        let result = try Self.fixture(badRows: 30).importCatalog(problemLimit: nil)
        #expect(result.problems.count == 60 && result.problems.allSatisfy { $0.omittedCount == 0 })
    }

    @Test func thousandsAreGrouped() {
        #expect(ProblemReport.grouped(998_734) == "998,734")
        #expect(ProblemReport.grouped(1_000) == "1,000")
        #expect(ProblemReport.grouped(999) == "999")
    }
}
