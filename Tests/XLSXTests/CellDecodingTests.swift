import Foundation
import Testing
@testable import XLSX

@Suite("Cell values")
struct CellDecodingTests {
    @Test("shared strings: plain, rich-text runs concatenated, phonetic runs skipped, escapes decoded")
    func sharedStrings() throws {
        let sst = """
            <?xml version="1.0"?>
            <sst xmlns="\(TestPackage.main)">\
            <si><t>plain</t></si>\
            <si><r><rPr><b/></rPr><t xml:space="preserve">Push </t></r>\
            <r><t xml:space="preserve">hard </t></r><r><rPr><i/></rPr><t>now</t></r></si>\
            <si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>\
            <si><r><t>漢</t></r><rPh sb="0" eb="1"><t>カン</t></rPh><r><t>字</t></r></si>\
            <si><t>tab_x0009_and_x005F_x0041_</t></si>\
            <si><t/></si>\
            </sst>
            """
        let package = TestPackage.singleSheet(
            (0..<6).map { "<row r=\"\($0 + 1)\"><c r=\"A\($0 + 1)\" t=\"s\"><v>\($0)</v></c></row>" }.joined(),
            sharedStringsXML: sst)
        let cells = try readCells(package.write())
        #expect(cells["A1"] == .text("plain"))
        #expect(cells["A2"] == .text("Push hard now"))
        #expect(cells["A3"] == .text("東京"))
        #expect(cells["A4"] == .text("漢字"))
        #expect(cells["A5"] == .text("tab\tand_x0041_"))
        #expect(cells["A6"] == .text(""))
    }

    @Test("a table of many distinct shared strings, its declared count false, gives every one back")
    func manySharedStrings() throws {
        // Packed into one buffer: a wrong `uniqueCount` (here far too small, then absurd) only
        // sizes the first reservation.
        let strings = (0..<60_000).map { "exercise_\($0)_" + String(repeating: "é", count: $0 % 5) }
        for declared in ["3", "99999999999"] {
            let items = strings.map { "<si><t>\($0)</t></si>" }.joined()
            let sst = "<sst xmlns=\"\(TestPackage.main)\" uniqueCount=\"\(declared)\">\(items)</sst>"
            let rows = [0, 1, 59_999].enumerated().map { row, index in
                "<row r=\"\(row + 1)\"><c r=\"A\(row + 1)\" t=\"s\"><v>\(index)</v></c></row>"
            }
            let path = try TestPackage.singleSheet(rows.joined(), sharedStringsXML: sst).write()
            #expect(Array(try Workbook(path: path).sharedStrings()) == strings)
            #expect(try readRows(path).map { $0.cells[0].value } == [0, 1, 59_999].map { .text(strings[$0]) })
        }
    }

    @Test("a cursor that leaves shared strings in the table gives their indexes, and refuses a bad one alike")
    func sharedStringsByIndex() throws {
        let strings = ["squat", "bench", "row"]
        func cells(_ sheetData: String, byIndex: Bool) throws -> [Cell] {
            let workbook = try Workbook(path: TestPackage.singleSheet(sheetData, sharedStrings: strings).write())
            let cursor = try workbook.cursor(for: workbook.sheets[0], sharedStringsByIndex: byIndex)
            var cells: [Cell] = []
            while let row = try cursor.next() { cells += row.cells }
            return cells
        }
        let sheet = """
            <row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1"><v>1.5</v></c><c r="C1" t="s"><v>0</v></c>\
            <c r="D1" t="inlineStr"><is><t>inline</t></is></c><c r="E1" t="s"><v></v></c></row>
            """
        let texts = try cells(sheet, byIndex: false)
        let indexes = try cells(sheet, byIndex: true)
        #expect(texts.map(\.value) == [.text("row"), .number(1.5), .text("squat"), .text("inline")])
        #expect(texts.map(\.sharedStringIndex) == [-1, -1, -1, -1])
        #expect(indexes.map(\.reference) == texts.map(\.reference))
        #expect(indexes.map(\.sharedStringIndex) == [2, -1, 0, -1])
        #expect(indexes.map(\.value) == [.text(""), .number(1.5), .text(""), .text("inline")])
        let workbook = try Workbook(path: TestPackage.singleSheet("", sharedStrings: strings).write())
        #expect(Array(try workbook.sharedStrings()) == strings)

        for byIndex in [false, true] {
            #expect {
                _ = try cells("<row r=\"2\"><c r=\"B2\" t=\"s\"><v>3</v></c></row>", byIndex: byIndex)
            } throws: { error in
                (error as? XLSXError)?.code == "sheet.bad_shared_string"
                    && (error as? XLSXError)?.message.contains(
                        "cell B2 refers to shared string \"3\", but the workbook has 3") == true
            }
        }
    }

    @Test("inline strings, including rich runs and phonetic runs")
    func inlineStrings() throws {
        let cells = try readCells(sheetData: """
            <row r="1"><c r="A1" t="inlineStr"><is><t>inline</t></is></c>\
            <c r="B1" t="inlineStr"><is><r><t>ri</t></r><r><rPr><b/></rPr><t>ch</t></r><rPh><t>x</t></rPh></is></c>\
            <c r="C1" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c></row>
            """)
        #expect(cells == ["A1": .text("inline"), "B1": .text("rich"), "C1": .text("  spaced  ")])
    }

    @Test("formula string results (t=\"str\"), booleans and cached formula values")
    func formulaResults() throws {
        let cells = try readCells(sheetData: """
            <row r="1"><c r="A1" t="str"><f>A2&amp;"x"</f><v>Squatx</v></c>\
            <c r="B1" t="b"><v>1</v></c><c r="C1" t="b"><v>0</v></c>\
            <c r="D1"><f>1+1</f><v>2</v></c><c r="E1" t="b"><f>TRUE()</f><v>1</v></c></row>
            """)
        #expect(cells == ["A1": .text("Squatx"), "B1": .boolean(true), "C1": .boolean(false),
                          "D1": .number(2), "E1": .boolean(true)])
    }

    @Test("a formula without a cached value is a blank cell (null), and isFormula marks formulas")
    func formulaWithoutValue() throws {
        let rows = try readRows(TestPackage.singleSheet("""
            <row r="1"><c r="A1"><f>SUM(B1:C1)</f></c><c r="B1"><v>1</v></c><c r="C1"><f>B1</f><v>1</v></c>\
            <c r="D1" s="0"/><c r="E1" t="str"><f>""</f><v></v></c></row>
            """).write())
        let cells = try #require(rows.first).cells
        #expect(cells.map(\.reference.a1) == ["B1", "C1", "E1"])
        #expect(cells.map(\.isFormula) == [false, true, true])
        #expect(cells.last?.value == .text(""))
    }

    @Test("error values of every kind", arguments: [
        "#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!",
        "#N/A", "#GETTING_DATA", "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!",
    ])
    func errors(code: String) throws {
        let cells = try readCells(sheetData: "<row r=\"1\"><c r=\"A1\" t=\"e\"><f>X()</f><v>\(code)</v></c></row>")
        #expect(cells["A1"] == .error(code))
    }

    @Test("numbers as Excel writes them", arguments: [
        ("42", 42.0), ("-7", -7.0), ("0", 0.0), ("2.5", 2.5), ("-0.125", -0.125), ("1.5E-3", 0.0015),
        ("1.5e-3", 0.0015), ("1E+20", 1e20), ("123456789012345678", 123456789012345678.0),
        ("0.1", 0.1), ("3.14159265358979", 3.14159265358979), (" 12 ", 12.0),
        ("9.999999999999999E+307", 9.999999999999999e307),
    ])
    func numbers(text: String, expected: Double) throws {
        let cells = try readCells(
            sheetData: "<row r=\"1\"><c r=\"A1\" t=\"n\"><v>\(text)</v></c><c r=\"B1\"><v>\(text)</v></c></row>")
        #expect(cells["A1"] == .number(expected))
        #expect(cells["B1"] == .number(expected))
    }

    @Test("a numeric cell holding text is refused, naming the cell", arguments: ["abc", "1,5", "0x10", "inf", "1.2.3"])
    func badNumber(text: String) throws {
        let package = TestPackage.singleSheet("<row r=\"4\"><c r=\"C4\"><v>\(text)</v></c></row>")
        let error = xlsxError { _ = try readRows(package.write()) }
        #expect(error?.code == "sheet.bad_number")
        #expect(error?.message.contains("C4") == true)
        #expect(error?.part == "xl/worksheets/sheet1.xml")
    }

    @Test("a shared-string index past the table is refused, naming the cell")
    func badSharedString() throws {
        let package = TestPackage.singleSheet("<row r=\"2\"><c r=\"B2\" t=\"s\"><v>5</v></c></row>",
                                              sharedStrings: ["a"])
        let error = xlsxError { _ = try readRows(package.write()) }
        #expect(error?.code == "sheet.bad_shared_string")
        #expect(error?.message.contains("B2") == true)
    }

    @Test("invalid cell references are refused", arguments: ["1A", "A0", "XFE1", "A1048577", "A-1", "$"])
    func badReference(reference: String) throws {
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"\(reference)\"><v>1</v></c></row>")
        #expect(xlsxError { _ = try readRows(package.write()) }?.code == "sheet.bad_reference")
    }

    @Test("_xHHHH_ escapes in inline and formula strings", arguments: [
        ("a_x000D__x000A_b", "a\r\nb"), ("_x005F_x0041_", "_x0041_"), ("_x0041__x0042_", "AB"),
        ("_xD83D__xDE00_", "😀"), ("_xD83D_", "\u{FFFD}"), ("_x00e9_", "é"), ("_x12_", "_x12_"), ("x_y_", "x_y_"),
    ])
    func escapes(written: String, expected: String) throws {
        let cells = try readCells(sheetData: """
            <row r="1"><c r="A1" t="inlineStr"><is><t>\(written)</t></is></c>\
            <c r="B1" t="str"><v>\(written)</v></c></row>
            """)
        #expect(cells == ["A1": .text(expected), "B1": .text(expected)])
    }

    @Test("cells and rows without r are placed by order")
    func missingReferences() throws {
        let rows = try readRows(TestPackage.singleSheet("""
            <row><c><v>1</v></c><c><v>2</v></c><c r="E1"><v>5</v></c><c><v>6</v></c></row>\
            <row><c t="inlineStr"><is><t>second</t></is></c></row>\
            <row r="7"><c><v>7</v></c></row><row><c r="C8"><v>8</v></c></row>
            """).write())
        #expect(rows.map(\.number) == [1, 2, 7, 8])
        #expect(rows[0].cells.map(\.reference.a1) == ["A1", "B1", "E1", "F1"])
        #expect(rows[1].cells.first?.value == .text("second"))
        #expect(rows[3].cells.map(\.reference.a1) == ["C8"])
    }

    @Test("a row without r takes its number from its first cell reference")
    func rowNumberFromCell() throws {
        let package = TestPackage.singleSheet("<row><c r=\"B5\"><v>1</v></c></row><row><c><v>2</v></c></row>")
        let rows = try readRows(package.write())
        #expect(rows.map(\.number) == [5, 6])
    }

    @Test("far-apart cells come as two rows without a grid in between")
    func farApartCells() throws {
        let rows = try readRows(TestPackage.singleSheet("""
            <row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row>
            """).write())
        #expect(rows.count == 2)
        #expect(rows.map(\.cells.count) == [1, 1])
        #expect(rows.last?.cells.first?.reference == CellReference(row: 1_048_576, column: 16_384))
    }

    @Test("a lying <dimension> is ignored")
    func lyingDimension() throws {
        var package = TestPackage.singleSheet("")
        package["xl/worksheets/sheet1.xml"] = TestPackage.worksheet(
            "<row r=\"3\"><c r=\"D3\"><v>1</v></c></row><row r=\"9\"><c r=\"Z9\"><v>2</v></c></row>",
            before: "<dimension ref=\"A1:B2\"/>")
        #expect(try readCells(package.write()) == ["D3": .number(1), "Z9": .number(2)])
    }

    @Test("rows hold cells in column order even when the file does not; a repeated cell keeps the last")
    func outOfOrderCells() throws {
        let rows = try readRows(TestPackage.singleSheet("""
            <row r="1"><c r="C1"><v>3</v></c><c r="A1"><v>1</v></c><c r="C1"><v>33</v></c><c r="B1"><v>2</v></c></row>
            """).write())
        #expect(rows.first?.cells.map(\.value) == [.number(1), .number(2), .number(33)])
    }

    @Test("empty rows and style-only cells give no rows")
    func emptyRows() throws {
        let rows = try readRows(TestPackage.singleSheet("""
            <row r="1" ht="30" customHeight="1"/><row r="2"><c r="A2" s="0"/></row>\
            <row r="3"><c r="A3"><v>1</v></c></row>
            """).write())
        #expect(rows.map(\.number) == [3])
    }

    @Test("ISO 8601 date cells (t=\"d\") become dates", arguments: [
        ("2024-03-01", 45352.0), ("2024-03-01T12:00:00Z", 45352.5), ("1900-01-01", 1.0), ("1900-03-01", 61.0),
    ])
    func isoDateCells(text: String, serial: Double) throws {
        let cells = try readCells(sheetData: "<row r=\"1\"><c r=\"A1\" t=\"d\"><v>\(text)</v></c></row>")
        #expect(cells["A1"] == .date(serial: serial))
    }

    @Test("a boolean cell holding something else is refused")
    func badBoolean() throws {
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"b\"><v>maybe</v></c></row>")
        #expect(xlsxError { _ = try readRows(package.write()) }?.code == "sheet.bad_boolean")
    }

    @Test("cell references parse from A1 text", arguments: [
        ("A1", 1, 1), ("Z9", 9, 26), ("AA10", 10, 27), ("$B$3", 3, 2), ("xfd1048576", 1_048_576, 16_384),
    ])
    func referenceParsing(text: String, row: Int, column: Int) {
        #expect(CellReference(a1: text) == CellReference(row: row, column: column))
    }
}
