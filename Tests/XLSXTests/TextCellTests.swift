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

    static let spacing: [(written: LongArgument, shown: String)] = [
        ("<t>  Goblet Squat  </t>", "Goblet Squat"),
        ("<t>\n\t Row\r\n</t>", "Row"),
        ("<t> \t </t>", ""),
        ("<t xml:space=\"preserve\">  Goblet Squat\n</t>", "  Goblet Squat\n"),
        ("<t>inner  spaces  stay</t>", "inner  spaces  stay"),
        ("<r><t>Push </t></r><r><t xml:space=\"preserve\"> hard </t></r><r><t> now</t></r>", "Push hard now"),
        (LongArgument("<t>" + String(repeating: " ", count: 70_000) + "far" + String(repeating: "\n", count: 70_000)
            + "</t>"), "far"),
    ]

    @Test("<t> without xml:space=\"preserve\" loses leading and trailing space, tab, CR and LF: inline",
          arguments: spacing)
    func inlineSpacing(written: LongArgument, shown: String) throws {
        let cells = try readCells(
            sheetData: "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is>\(written.text)</is></c></row>")
        #expect(cells == ["A1": .text(shown)])
    }

    @Test("<t> without xml:space=\"preserve\" loses leading and trailing space, tab, CR and LF: shared",
          arguments: spacing)
    func sharedSpacing(written: LongArgument, shown: String) throws {
        let sst = "<?xml version=\"1.0\"?><sst xmlns=\"\(TestPackage.main)\"><si>\(written.text)</si></sst>"
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
                                              sharedStringsXML: sst)
        #expect(try readCells(package.write()) == ["A1": .text(shown)])
    }
}

@Suite("Excel's 32,767-character limit on a cell")
struct TextLimitTests {
    @Test("text is measured as Excel counts it, in UTF-16 code units", arguments: [
        (LongArgument(String(repeating: "a", count: 32_767)), 32_767, false),
        (LongArgument(String(repeating: "a", count: 32_768)), 32_768, true),
        (LongArgument(String(repeating: "é", count: 20_000)), 20_000, false),
        (LongArgument(String(repeating: "💪", count: 16_384)), 32_768, true),
    ])
    func measured(text: LongArgument, length: Int, exceeds: Bool) {
        #expect(CellValue.text(text.text).textLength == length)
        #expect(CellValue.text(text.text).exceedsTextLimit == exceeds)
    }

    @Test("numbers, booleans and dates have no text length")
    func otherValues() {
        for value in [CellValue.number(1e300), .boolean(true), .date(serial: 45352), .duration(serial: 1)] {
            #expect(value.textLength == nil)
            #expect(!value.exceedsTextLimit)
        }
    }

    static let longText = String(repeating: "Hold the bar. ", count: 2_858) + "End"

    @Test("a 40,000-character cell is read whole, and says it is over the limit", arguments: [
        LongArgument("<c r=\"C9\" t=\"inlineStr\"><is><t>\(longText)</t></is></c>"),
        LongArgument("<c r=\"C9\" t=\"s\"><v>0</v></c>"),
        LongArgument("<c r=\"C9\" t=\"str\"><f>A2</f><v>\(longText)</v></c>"),
    ])
    func longCell(cell: LongArgument) throws {
        let package = TestPackage.singleSheet("<row r=\"9\">\(cell.text)</row>", sharedStrings: [Self.longText])
        let cells = try readCells(package.write())
        #expect(cells["C9"] == .text(Self.longText))
        #expect(cells["C9"]?.textLength == 40_015)
        #expect(cells["C9"]?.exceedsTextLimit == true)
    }
}
