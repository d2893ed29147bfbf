import Foundation
import Testing
@testable import XLSX

@Suite("Text cells: inline strings beside values, white space around <t>")
struct TextCellTests {
    @Test("an inlineStr cell with a <v> reads only its <is> text, in either order", arguments: [
        "<c r=\"A1\" t=\"inlineStr\"><v>1.0</v><is><r><t>1.</t></r></is></c>",
        "<c r=\"A1\" t=\"inlineStr\"><is><r><t>1.</t></r></is><v>1.0</v></c>",
    ])
    func inlineStringWithValue(cell: String) throws {
        #expect(try readCells(sheetData: "<row r=\"1\">\(cell)</row>") == ["A1": .text("1.")])
    }

    @Test("an inlineStr cell with only a <v> keeps that text")
    func inlineStringValueOnly() throws {
        let cells = try readCells(sheetData: "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><v>1.0</v></c></row>")
        #expect(cells == ["A1": .text("1.0")])
    }

    static let spacing: [(written: String, shown: String)] = [
        ("<t>  Goblet Squat  </t>", "Goblet Squat"),
        ("<t>\n\t Row\r\n</t>", "Row"),
        ("<t> \t </t>", ""),
        ("<t xml:space=\"preserve\">  Goblet Squat\n</t>", "  Goblet Squat\n"),
        ("<t>inner  spaces  stay</t>", "inner  spaces  stay"),
        ("<r><t>Push </t></r><r><t xml:space=\"preserve\"> hard </t></r><r><t> now</t></r>", "Push hard now"),
        ("<t>" + String(repeating: " ", count: 70_000) + "far" + String(repeating: "\n", count: 70_000) + "</t>", "far"),
    ]

    @Test("<t> without xml:space=\"preserve\" loses leading and trailing space, tab, CR and LF: inline",
          arguments: spacing)
    func inlineSpacing(written: String, shown: String) throws {
        let cells = try readCells(sheetData: "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is>\(written)</is></c></row>")
        #expect(cells == ["A1": .text(shown)])
    }

    @Test("<t> without xml:space=\"preserve\" loses leading and trailing space, tab, CR and LF: shared",
          arguments: spacing)
    func sharedSpacing(written: String, shown: String) throws {
        let sst = "<?xml version=\"1.0\"?><sst xmlns=\"\(TestPackage.main)\"><si>\(written)</si></sst>"
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>", sharedStringsXML: sst)
        #expect(try readCells(package.write()) == ["A1": .text(shown)])
    }
}
