import Foundation
import Testing
@testable import XLSX

@Suite("Streaming rows")
struct StreamingTests {
    static func numberedSheet(rows: Int) -> TestPackage {
        var data = ""
        for row in 1...rows {
            data += "<row r=\"\(row)\"><c r=\"A\(row)\"><v>\(row)</v></c>"
                + "<c r=\"B\(row)\" t=\"s\"><v>\(row % 3)</v></c></row>"
        }
        return TestPackage.singleSheet(data, sharedStrings: ["zero", "one", "two"])
    }

    @Test("a sheet of many chunks streams every row, in order")
    func manyRows() throws {
        let rows = try readRows(Self.numberedSheet(rows: 30_000).write())
        #expect(rows.count == 30_000)
        #expect(rows.map(\.number) == Array(1...30_000))
        #expect(rows[29_999].cells.map(\.value) == [.number(30_000), .text("zero")])
    }

    @Test("rows before a defect arrive before the error, and the error then repeats")
    func rowsBeforeError() throws {
        var package = Self.numberedSheet(rows: 20_000)
        let sheet = try #require(package["xl/worksheets/sheet1.xml"])
        package["xl/worksheets/sheet1.xml"] = sheet.replacingOccurrences(of: "<row r=\"15000\">",
                                                                         with: "<row r=\"15000\"><broken>")
        let workbook = try Workbook(path: package.write())
        let cursor = try workbook.cursor(for: workbook.sheets[0])
        var delivered = 0
        let error = xlsxError { while try cursor.next() != nil { delivered += 1 } }
        #expect(error?.code == "xml.malformed")
        #expect(delivered >= 14_000 && delivered < 15_000)
        #expect(xlsxError { _ = try cursor.next() }?.code == "xml.malformed")
    }

    @Test("two cursors on one workbook read independently, interleaved")
    func interleavedCursors() throws {
        let workbook = try Workbook(path: Self.numberedSheet(rows: 5_000).write())
        let first = try workbook.cursor(for: workbook.sheets[0])
        let second = try workbook.cursor(for: workbook.sheets[0])
        var count = 0
        while let a = try first.next() {
            let b = try #require(try second.next())
            #expect(a == b)
            count += 1
        }
        #expect(try second.next() == nil)
        #expect(count == 5_000)
    }

    @Test("two cursors on a sheet small enough to inflate on the caller's thread read independently")
    func interleavedInlineCursors() throws {
        // About 110 KB of XML: two chunks, under SheetCursor.inflateAheadSize.
        let package = Self.numberedSheet(rows: 1_500)
        #expect(try #require(package["xl/worksheets/sheet1.xml"]).utf8.count < Int(SheetCursor.inflateAheadSize))
        let workbook = try Workbook(path: package.write())
        let first = try workbook.cursor(for: workbook.sheets[0])
        let second = try workbook.cursor(for: workbook.sheets[0])
        var count = 0
        while let a = try first.next() {
            let b = try #require(try second.next())
            #expect(a == b)
            count += 1
        }
        #expect(try second.next() == nil)
        #expect(count == 1_500)
        #expect(workbook.archive.handlesOpened == 0)
    }

    @Test("a cursor dropped half way releases its reader (no hang, file reusable)")
    func abandonedCursor() throws {
        let path = try Self.numberedSheet(rows: 20_000).write()
        for _ in 0..<20 {
            let workbook = try Workbook(path: path)
            let cursor = try workbook.cursor(for: workbook.sheets[0])
            _ = try cursor.next()
        }
        #expect(try readRows(path).count == 20_000)
    }

    @Test("an inflater dropped without cancel() ends its thread and frees its chunks")
    func droppedInflater() throws {
        let archive = try ZipArchive(path: Self.numberedSheet(rows: 20_000).write())
        let entry = try #require(archive.entry(named: "xl/worksheets/sheet1.xml"))
        for _ in 0..<20 {
            weak var inflater: BackgroundInflater?
            weak var ring: InflatedChunkRing?
            do {
                let owner = try BackgroundInflater(archive: archive, entry: entry, chunkSize: 4096, depth: 2)
                // The thread fills both chunks and then waits for room.
                _ = try owner.nextChunk()
                inflater = owner
                ring = owner.ring
            }
            #expect(inflater == nil)
            // The ring outlives its owner only while the thread runs: the owner waited for it.
            #expect(ring == nil)
        }
    }

    @Test("after the last row, next() keeps returning nil")
    func endIsSticky() throws {
        let workbook = try Workbook(path: Self.numberedSheet(rows: 3).write())
        let cursor = try workbook.cursor(for: workbook.sheets[0])
        while try cursor.next() != nil {}
        #expect(try cursor.next() == nil)
        #expect(try cursor.next() == nil)
    }
}
