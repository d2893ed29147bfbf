import Foundation
import OrderedJSON
import Testing
@testable import CatalogImport

@Suite("problem rendering")
struct ProblemReportTests {
    let problems = [
        Problem(.error, .fkUnknownValue, file: "database-management/train_exercise_database_prod.xlsx",
                sheet: "exercises", cell: "D17", column: "equipment_category", value: "Kettlebel",
                message: "unknown equipment_category \"Kettlebel\"", hint: "did you mean \"Kettlebells\"?"),
        Problem(.warning, .swapNoAlternative, file: "w.xlsx", sheet: "exercises", cell: "C4", column: "canonical_name",
                value: "Curl", message: "only one, so: no swap"),
    ]

    @Test func textLooksLikeACompilerDiagnostic() {
        #expect(ProblemReport(problems: problems).text() == """
            error[fk.unknown_value]: unknown equipment_category "Kettlebel"
              --> database-management/train_exercise_database_prod.xlsx › exercises!D17
              = hint: did you mean "Kettlebells"?

            warning[swap.no_alternative]: only one, so: no swap
              --> w.xlsx › exercises!C4

            1 error, 1 warning

            """)
    }

    @Test func jsonCarriesTheSummaryAndEveryKey() throws {
        let data = try OrderedJSONEncoder().encode(ProblemReport(problems: problems))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "omitted": 0])
        let list = try #require(object["problems"] as? [[String: Any]])
        #expect(list.count == 2)
        #expect(
            Set(list[1].keys) == ["severity", "code", "file", "sheet", "cell", "column", "value", "message", "hint"])
        #expect(list[0]["cell"] as? String == "D17")
        #expect(list[1]["hint"] is NSNull)
    }

    @Test func githubAnnotationsEscapeTheirFields() {
        let lines = ProblemReport(problems: problems).github().split(separator: "\n")
        #expect(
            lines[0] == "::error file=database-management/train_exercise_database_prod.xlsx,"
                + "title=fk.unknown_value::exercises!D17 unknown equipment_category \"Kettlebel\" "
                + "(hint: did you mean \"Kettlebells\"?)")
        #expect(lines[1] == "::warning file=w.xlsx,title=swap.no_alternative::exercises!C4 only one, so: no swap")
    }
}
