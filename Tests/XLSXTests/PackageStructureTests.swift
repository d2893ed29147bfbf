import Foundation
import Testing
@testable import XLSX

@Suite("Package structure: relationships, names, namespaces")
struct PackageStructureTests {
    @Test("relationship targets resolve (relative, absolute, ../, ./, %20, backslash)", arguments: [
        ("", "xl/workbook.xml", "xl/workbook.xml"),
        ("", "/xl/workbook.xml", "xl/workbook.xml"),
        ("", "./xl/workbook.xml", "xl/workbook.xml"),
        ("xl/workbook.xml", "worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
        ("xl/workbook.xml", "/xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
        ("xl/workbook.xml", "../xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
        ("xl/workbook.xml", "../../../sheet.xml", "sheet.xml"),
        ("xl/workbook.xml", "worksheets/my%20sheet.xml", "xl/worksheets/my sheet.xml"),
        ("xl/workbook.xml", "worksheets\\sheet2.xml", "xl/worksheets/sheet2.xml"),
    ])
    func targets(source: String, target: String, expected: String) {
        #expect(PartPath.resolve(target, from: source) == expected)
    }

    @Test("a relationship type is matched by its last segment, ignoring case", arguments: [
        ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument", "officeDocument", true),
        ("http://purl.oclc.org/ooxml/officeDocument/relationships/OFFICEDOCUMENT", "officeDocument", true),
        ("http://purl.oclc.org/ooxml/officeDocument/relationships/styles/", "styles", true),
        ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheets", "worksheet", false),
        ("styles", "styles", true), ("", "styles", false), ("/", "styles", false),
        ("http://example.com/Styl\u{E9}s", "styl\u{E9}s", true), ("http://example.com/\u{212A}ind", "kind", true),
    ])
    func relationshipTypes(type: String, kind: String, matches: Bool) {
        let relationship = Relationship(id: "rId1", type: type, target: "x.xml", isExternal: false)
        #expect(relationship.isType(kind) == matches)
    }

    @Test("zip entries are looked up ignoring case, leading slashes and backslashes", arguments: [
        ("xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
        ("/XL\\Worksheets\\Sheet1.XML", "xl/worksheets/sheet1.xml"),
        ("//xl/Caf\u{C9}.xml", "xl/caf\u{E9}.xml"),
    ])
    func entryKeys(name: String, key: String) {
        #expect(ZipArchive.lookupKey(name) == key)
    }

    @Test("a part's relationships live in its _rels folder", arguments: [
        ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"),
        ("workbook.xml", "_rels/workbook.xml.rels"),
        ("a/b/c.xml", "a/b/_rels/c.xml.rels"),
    ])
    func relationshipsPath(part: String, expected: String) {
        #expect(PartPath.relationships(of: part) == expected)
    }

    @Test("a workbook and sheets at unusual paths are found through relationships",
          arguments: ["/custom/book.xml", "custom/book.xml"])
    func partsFoundThroughRelationships(workbookTarget: String) throws {
        let package = TestPackage(parts: [
            ("_rels/.rels", TestPackage.rootRelationships(target: workbookTarget)),
            ("custom/book.xml", TestPackage.workbook(sheets: [("Only", "r7", nil)])),
            ("custom/_rels/book.xml.rels", TestPackage.workbookRelationships([
                ("r7", "worksheet", "../data/first.xml"),
                ("r8", "sharedStrings", "/strings/table.xml"),
            ])),
            ("data/first.xml", TestPackage.worksheet("<row r=\"2\"><c r=\"B2\" t=\"s\"><v>0</v></c></row>")),
            ("strings/table.xml", TestPackage.sharedStrings(["found"])),
        ])
        #expect(try readCells(package.write()) == ["B2": .text("found")])
    }

    @Test("sheets come in workbook.xml order with their states, not in relationship order")
    func sheetOrderAndStates() throws {
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [
            ("Zeta", "rId9", nil), ("Alpha", "rId1", "hidden"), ("Mid", "rId5", "veryHidden"),
            ("Shown", "rId6", "visible"),
        ])
        package["xl/_rels/workbook.xml.rels"] = TestPackage.workbookRelationships([
            ("rId1", "worksheet", "worksheets/sheet1.xml"), ("rId5", "worksheet", "worksheets/sheet1.xml"),
            ("rId6", "worksheet", "worksheets/sheet1.xml"), ("rId9", "worksheet", "worksheets/sheet1.xml"),
        ])
        let workbook = try Workbook(path: package.write())
        #expect(workbook.sheets.map(\.name) == ["Zeta", "Alpha", "Mid", "Shown"])
        #expect(workbook.sheets.map(\.state) == [.visible, .hidden, .veryHidden, .visible])
    }

    @Test("a sheet listed twice is one sheet; the repeat is kept aside in duplicateSheets")
    func sheetListedTwice() throws {
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>7</v></c></row>")
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [
            ("Data", "rId1", nil), ("Notes", "rId1", "hidden"), (" data ", "rId1", nil), ("Data", "rId1", nil),
        ])
        let workbook = try Workbook(path: package.write())
        #expect(workbook.sheets.map(\.name) == ["Data", "Notes"])
        #expect(workbook.duplicateSheets.map(\.name) == [" data ", "Data"])
        #expect(workbook.sheet(named: "DATA") == workbook.sheets[0])
    }

    @Test("sheet(named:) ignores case and surrounding spaces",
          arguments: ["Übungen", "übungen", "  ÜBUNGEN ", "\tÜbungen\n"])
    func sheetLookup(query: String) throws {
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [("Other", "rId1", nil), ("Übungen", "rId1", nil)])
        let workbook = try Workbook(path: package.write())
        #expect(workbook.sheet(named: query)?.name == "Übungen")
        #expect(workbook.sheet(named: "Übung") == nil)
    }

    @Test("elements with prefixes (x:) are read like unprefixed ones")
    func prefixedElements() throws {
        let main = TestPackage.main, rel = TestPackage.relationships
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = """
            <x:workbook xmlns:x="\(main)" xmlns:r="\(rel)"><x:sheets>\
            <x:sheet name="Prefixed" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>
            """
        package["xl/worksheets/sheet1.xml"] = """
            <x:worksheet xmlns:x="\(main)"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c>\
            <x:c r="B1" t="inlineStr"><x:is><x:t>inline</x:t></x:is></x:c><x:c r="C1"><x:v>2.5</x:v></x:c>\
            </x:row></x:sheetData></x:worksheet>
            """
        package["xl/sharedStrings.xml"] = "<x:sst xmlns:x=\"\(main)\"><x:si><x:t>shared</x:t></x:si></x:sst>"
        let path = try package.write()
        #expect(try Workbook(path: path).sheets.map(\.name) == ["Prefixed"])
        #expect(try readCells(path) == ["A1": .text("shared"), "B1": .text("inline"), "C1": .number(2.5)])
    }

    @Test("Strict OOXML namespaces are accepted")
    func strictNamespaces() throws {
        let main = TestPackage.strictMain, rel = TestPackage.strictRelationships
        let package = TestPackage(parts: [
            ("_rels/.rels", TestPackage.rootRelationships(target: "xl/workbook.xml", type: rel + "/officeDocument")),
            ("xl/workbook.xml", """
                <workbook xmlns="\(main)" xmlns:r="\(rel)"><workbookPr dateCompatibility="false"/>\
                <sheets><sheet name="Strict" sheetId="1" r:id="rId1"/></sheets></workbook>
                """),
            ("xl/_rels/workbook.xml.rels", TestPackage.workbookRelationships([
                ("rId1", "worksheet", "worksheets/sheet1.xml"), ("rId2", "sharedStrings", "sharedStrings.xml"),
                ("rId3", "styles", "styles.xml"),
            ], namespace: rel)),
            ("xl/worksheets/sheet1.xml", """
                <worksheet xmlns="\(main)"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c>\
                <c r="B1" s="1"><v>45352</v></c></row></sheetData></worksheet>
                """),
            ("xl/sharedStrings.xml", "<sst xmlns=\"\(main)\"><si><t>strict</t></si></sst>"),
            ("xl/styles.xml",
             "<styleSheet xmlns=\"\(main)\"><cellXfs><xf numFmtId=\"0\"/><xf numFmtId=\"14\"/></cellXfs></styleSheet>"),
        ])
        let path = try package.write()
        #expect(try Workbook(path: path).sheets.map(\.name) == ["Strict"])
        #expect(try readCells(path) == ["A1": .text("strict"), "B1": .date(serial: 45352)])
    }

    @Test("a workbook without _rels/.rels names that part")
    func missingRootRelationships() throws {
        var package = TestPackage.singleSheet("")
        package["_rels/.rels"] = nil
        let error = xlsxError { _ = try Workbook(path: package.write()) }
        #expect(error?.code == "zip.missing_part")
        #expect(error?.part == "_rels/.rels")
        #expect(error?.message.contains("_rels/.rels") == true)
    }

    @Test("a workbook without its relationships part names that part")
    func missingWorkbookRelationships() throws {
        var package = TestPackage.singleSheet("")
        package["xl/_rels/workbook.xml.rels"] = nil
        let error = xlsxError { _ = try Workbook(path: package.write()) }
        #expect(error?.code == "zip.missing_part")
        #expect(error?.part == "xl/_rels/workbook.xml.rels")
    }

    @Test("a package without an officeDocument relationship has no workbook")
    func noOfficeDocument() throws {
        var package = TestPackage.singleSheet("")
        package["_rels/.rels"] = TestPackage.rootRelationships(
            target: "docProps/core.xml",
            type: "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties")
        let error = xlsxError { _ = try Workbook(path: package.write()) }
        #expect(error?.code == "package.no_workbook")
        #expect(error?.part == "_rels/.rels")
    }

    @Test("an officeDocument relationship to a missing part names the part")
    func missingWorkbookPart() throws {
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = nil
        let error = xlsxError { _ = try Workbook(path: package.write()) }
        #expect(error?.code == "zip.missing_part")
        #expect(error?.part == "xl/workbook.xml")
    }

    @Test("a sheet whose r:id has no relationship names the sheet and the rels part")
    func danglingSheetRelationship() throws {
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [("Plan", "rId42", nil)])
        let error = xlsxError { _ = try Workbook(path: package.write()) }
        #expect(error?.code == "package.missing_relationship")
        #expect(error?.message.contains("\"Plan\"") == true)
        #expect(error?.message.contains("rId42") == true)
        #expect(error?.part == "xl/_rels/workbook.xml.rels")
    }

    @Test("missing sharedStrings and styles parts are tolerated when no cell needs them")
    func optionalPartsMissing() throws {
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\" s=\"3\"><v>7</v></c></row>")
        package["xl/sharedStrings.xml"] = nil
        package["xl/styles.xml"] = nil
        #expect(try readCells(package.write()) == ["A1": .number(7)])
    }

    @Test("a workbook with no sheets lists none")
    func noSheets() throws {
        var package = TestPackage.singleSheet("")
        package["xl/workbook.xml"] = TestPackage.workbook(sheets: [])
        #expect(try Workbook(path: package.write()).sheets.isEmpty)
    }
}
