import Foundation
import Testing
@testable import XLSX

@Suite("Start tags with floods of attributes, and DTD attribute declarations")
struct AttributeFloodTests {
    static func attributes(_ count: Int) -> String {
        (0..<count).map { "a\($0)=\"1\"" }.joined(separator: " ")
    }

    @Test("100,000 attributes on one <c> are refused, naming the element")
    func hundredThousand() throws {
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" \(Self.attributes(100_000))><v>1</v></c></row>")
        let path = try package.write()
        let error = xlsxError { _ = try readRows(path) }
        #expect(error?.code == "xml.too_many_attributes")
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.message.contains("<c>") == true)
    }

    @Test("10,000 attributes, and '=' or '>' inside long attribute values, still read")
    func withinTheLimit() throws {
        let equals = String(repeating: "=", count: 200_000)
        let package = TestPackage.singleSheet("""
            <row r="1"><c r="A1" \(Self.attributes(9_999))><v>1</v></c>\
            <c r="B1" x="\(equals)" y='>\(equals)'><v>2</v></c></row>
            """)
        let rows = try readRows(package.write(), limits: WorkbookLimits(maxCompressionRatio: 1e9))
        #expect(rows.first?.cells.map(\.value) == [.number(1), .number(2)])
    }

    @Test("a comment full of attribute-like text is not a start tag")
    func comment() throws {
        var package = TestPackage.singleSheet("")
        package["xl/worksheets/sheet1.xml"] = TestPackage.worksheet(
            "<row r=\"1\"><c r=\"A1\"><v>3</v></c></row>",
            before: "<!-- \(Self.attributes(20_000)) -->")
        #expect(try readCells(package.write()) == ["A1": .number(3)])
    }

    @Test("a tag is found whatever the pieces the bytes come in", arguments: [1, 7, 4096, 65_535, 65_537, 1 << 20])
    func pieces(size: Int) throws {
        let xml = Array(("<sheetData>" + String(repeating: " ", count: 70_000) + "<c r=\"A1\" "
                         + Self.attributes(10_001) + "/></sheetData>").utf8)
        var scanner = StartTagScanner()
        let error = xml.withUnsafeBytes { bytes -> XLSXError? in
            do {
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + size, bytes.count)
                    try scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), part: "sheet.xml")
                    offset = end
                }
                return nil
            } catch {
                return error as? XLSXError
            }
        }
        #expect(error?.code == "xml.too_many_attributes")
    }

    @Test("a DTD attribute declaration is refused in any part", arguments: [
        "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml", "xl/workbook.xml",
    ])
    func attributeDeclaration(part: String) throws {
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
                                              sharedStrings: ["x"])
        let original = try #require(package[part])
        let body = original.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
        package[part] = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ATTLIST c kind (a|b) \"a\">]>\n" + body
        let error = xlsxError { _ = try readRows(package.write()) }
        #expect(error?.code == "xml.attribute_declaration")
        #expect(error?.part == part)
    }
}
