import Foundation
import Testing
@testable import XLSX

@Suite("Hostile and broken XML")
struct XMLSafetyTests {
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        """

    /// Opens the workbook and reads its first sheet, whatever part is hostile.
    static func open(_ package: TestPackage) throws {
        _ = try readRows(package.write())
    }

    @Test("billion laughs is refused with xml.entity, naming the part",
          arguments: ["xl/sharedStrings.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/styles.xml",
                      "_rels/.rels", "xl/_rels/workbook.xml.rels"])
    func billionLaughs(part: String) throws {
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
                                              sharedStrings: ["x"])
        let original = try #require(package[part])
        // Put the DOCTYPE after the XML declaration of the original part.
        let body = original.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
        package[part] = Self.billionLaughs + "\n" + body
        let error = xlsxError { try Self.open(package) }
        #expect(error?.code == "xml.entity")
        #expect(error?.part == part)
        #expect(error?.message.contains(part) == true)
    }

    @Test("an external entity (file or network) is refused, never fetched")
    func externalEntity() throws {
        let sst = """
            <?xml version="1.0"?>
            <!DOCTYPE sst [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <sst xmlns="\(TestPackage.main)"><si><t>&secret;</t></si></sst>
            """
        let package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
                                              sharedStringsXML: sst)
        #expect(xlsxError { try Self.open(package) }?.code == "xml.entity")
    }

    @Test("an undeclared entity reference is malformed XML, not expanded")
    func undeclaredEntity() throws {
        let package = TestPackage.singleSheet(
            "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>&nope;</t></is></c></row>")
        #expect(xlsxError { try Self.open(package) }?.code == "xml.malformed")
    }

    @Test("an external DTD is not loaded, and the sheet still reads")
    func externalDTDIgnored() throws {
        var package = TestPackage.singleSheet("")
        package["xl/worksheets/sheet1.xml"] = """
            <?xml version="1.0"?>
            <!DOCTYPE worksheet SYSTEM "http://127.0.0.1:9/never.dtd">
            <worksheet xmlns="\(TestPackage.main)"><sheetData>\
            <row r="1"><c r="A1"><v>4</v></c></row></sheetData></worksheet>
            """
        #expect(try readCells(package.write()) == ["A1": .number(4)])
    }

    @Test("predefined entities and character references are decoded")
    func predefinedEntities() throws {
        let cells = try readCells(sheetData: """
            <row r="1"><c r="A1" t="inlineStr"><is><t>Push &amp; Pull &lt;3 &#233;&#x1F600;</t></is></c></row>
            """)
        #expect(cells["A1"] == .text("Push & Pull <3 é😀"))
    }

    @Test("mismatched tags are xml.malformed naming the part and line")
    func mismatchedTags() throws {
        let package = TestPackage.singleSheet("<row r=\"1\">\n<c r=\"A1\"><v>1</v></row>")
        let error = xlsxError { try Self.open(package) }
        #expect(error?.code == "xml.malformed")
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.line == 3)
        #expect(error?.message.contains("xl/worksheets/sheet1.xml") == true)
        #expect(error?.message.contains("line 3") == true)
    }

    @Test("a part that ends mid-document is xml.malformed", arguments: ["xl/workbook.xml", "xl/worksheets/sheet1.xml",
                                                                         "xl/sharedStrings.xml"])
    func truncatedPart(part: String) throws {
        var package = TestPackage.singleSheet(
            "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>", sharedStrings: ["a"])
        let original = try #require(package[part])
        package[part] = String(original.prefix(original.count - 12))
        let error = xlsxError { try Self.open(package) }
        #expect(error?.code == "xml.malformed")
        #expect(error?.part == part)
    }

    @Test("a text node over 10 MB is accepted")
    func hugeTextNode() throws {
        let big = String(repeating: "abcdefghij", count: 1_100_000)
        let package = TestPackage.singleSheet(
            "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>", sharedStrings: [big])
        let cells = try readCells(package.write())
        guard case .text(let text) = cells["A1"] else {
            Issue.record("A1 is \(String(describing: cells["A1"]))")
            return
        }
        #expect(text.utf8.count == 11_000_000)
    }
}
