import Foundation
import Testing
@testable import XLSX

@Suite("Error messages: located, and short whatever the file holds")
struct ErrorMessageTests {
    /// Big values compress far past the default 1000:1 ratio; these tests are about messages.
    static let lenient = WorkbookLimits(maxCompressionRatio: 1e9)

    @Test("a value is quoted whole up to 200 characters, then cut with its size", arguments: [
        ("Squat", "\"Squat\""),
        (String(repeating: "é", count: 200), "\"" + String(repeating: "é", count: 200) + "\""),
        (String(repeating: "a", count: 201), "\"" + String(repeating: "a", count: 200) + "…\" (201 bytes)"),
        (String(repeating: "日", count: 300), "\"" + String(repeating: "日", count: 200) + "…\" (900 bytes)"),
    ])
    func quoting(value: String, shown: String) {
        #expect(XLSXError.quoted(value) == shown)
        #expect(Array(value.utf8).withUnsafeBufferPointer { XLSXError.quoted($0) } == shown)
    }

    @Test("a 2 MB cell reference is refused with a message under 400 characters")
    func hugeAttribute() throws {
        let reference = String(repeating: "AB", count: 1_000_000)
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"\(reference)\"><v>1</v></c></row>")
        let path = try package.write()
        let error = xlsxError { _ = try readRows(path, limits: Self.lenient) }
        #expect(error?.code == "sheet.bad_reference")
        #expect((error?.message.count ?? .max) < 400)
        #expect(error?.message.contains("(2000000 bytes)") == true)
    }

    @Test("a cell that is not a number names its cell and quotes at most 200 characters of it",
          arguments: ["<c r=\"C4\"><v>", "<c r=\"C4\" t=\"b\"><v>", "<c r=\"C4\" t=\"s\"><v>"])
    func badValue(opening: String) throws {
        let value = String(repeating: "9x", count: 100_000)
        let package = TestPackage.singleSheet("<row r=\"4\">\(opening)\(value)</v></c></row>")
        let path = try package.write()
        let error = xlsxError { _ = try readRows(path, limits: Self.lenient) }
        #expect(error?.cell == CellReference(row: 4, column: 3))
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.message.contains("cell C4") == true)
        #expect((error?.message.count ?? .max) < 400)
    }

    @Test("a sheet with a long name and no relationship is reported in a short message")
    func longSheetName() throws {
        var package = TestPackage.singleSheet("")
        let name = String(repeating: "n", count: 100_000)
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [(name, "rId404", nil)])
        let path = try package.write()
        let error = xlsxError { _ = try Workbook(path: path, limits: Self.lenient) }
        #expect(error?.code == "package.missing_relationship")
        #expect((error?.message.count ?? .max) < 400)
        #expect(error?.message.contains("\"rId404\"") == true)
    }
}
