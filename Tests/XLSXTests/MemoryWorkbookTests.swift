import Foundation
import Testing
@testable import XLSX

@Suite("Workbooks read from bytes in memory")
struct MemoryWorkbookTests {
    @Test("Data and [UInt8] read the same rows as the file, through the background thread")
    func sameRows() throws {
        let package = StreamingTests.numberedSheet(rows: 20_000)
        let bytes = try package.zipBytes()
        let fromFile = try readRows(package.write())
        for workbook in [try Workbook(bytes: bytes), try Workbook(bytes: Data(bytes))] {
            #expect(workbook.path == nil)
            let cursor = try workbook.cursor(for: workbook.sheets[0])
            var rows: [Row] = []
            while let row = try cursor.next() { rows.append(row) }
            #expect(rows == fromFile)
        }
    }

    @Test("a memory workbook keeps its own copy of the bytes")
    func ownCopy() throws {
        var bytes = try StreamingTests.numberedSheet(rows: 3).zipBytes()
        let workbook = try Workbook(bytes: bytes)
        bytes = Array(repeating: 0, count: bytes.count)
        let cursor = try workbook.cursor(for: workbook.sheets[0])
        #expect(try cursor.next()?.cells.first?.value == .number(1))
    }

    static func hostile() throws -> [(name: String, bytes: [UInt8])] {
        let whole = try TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>").zipBytes()
        var declared = whole
        try ZipPatch.setDeclaredSize(of: "xl/worksheets/sheet1.xml", to: 0xF000_0000, in: &declared)
        var entity = TestPackage.singleSheet("")
        entity["xl/workbook.xml"] = XMLSafetyTests.billionLaughs + "<workbook/>"
        return [
            ("empty", []),
            ("not a zip", Array("exercise_id,display_name\n".utf8)),
            ("legacy xls", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 504)),
            ("truncated", Array(whole.prefix(whole.count / 2))),
            ("declared bomb", declared),
            ("entity", try entity.zipBytes()),
        ]
    }

    @Test("hostile bytes fail with the same error as the same file")
    func sameErrors() throws {
        for (name, bytes) in try Self.hostile() {
            let path = try TestFiles.write(bytes, named: "hostile.xlsx")
            let fromFile = xlsxError { _ = try readRows(path) }
            let fromBytes = xlsxError {
                let workbook = try Workbook(bytes: bytes)
                let cursor = try workbook.cursor(for: workbook.sheets[0])
                while try cursor.next() != nil {}
            }
            #expect(fromBytes != nil, "\(name)")
            #expect(fromBytes?.code == fromFile?.code, "\(name)")
            #expect(fromBytes?.part == fromFile?.part, "\(name)")
        }
    }
}
