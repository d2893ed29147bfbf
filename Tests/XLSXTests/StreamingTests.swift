import Foundation
import Testing
import XLSXTestSupport

@testable import XLSX

@Suite("Streaming rows")
struct StreamingTests {
    /// A numbered sheet of 20,000 rows whose row 15,000 starts with an element no sheet holds.
    static func sheetBrokenAtRow15000() throws -> Workbook {
        var package = numberedSheet(rows: 20_000)
        let sheet = try #require(package["xl/worksheets/sheet1.xml"])
        package["xl/worksheets/sheet1.xml"] = sheet.replacingOccurrences(
            of: "<row r=\"15000\">", with: "<row r=\"15000\"><broken>")
        return try Workbook(path: package.write())
    }

    static func numberedSheet(rows: Int) -> TestPackage {
        var data = ""
        for row in 1...rows {
            data +=
                "<row r=\"\(row)\"><c r=\"A\(row)\"><v>\(row)</v></c>"
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
        let workbook = try Self.sheetBrokenAtRow15000()
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

/// The dump reads sheets in batches (`SheetCursor.nextBatch`): the same rows and values as the
/// row cursor, whatever the batch and chunk boundaries cut through.
@Suite("Batch cursor")
struct BatchCursorTests {
    /// A cursor that marks plain text marks exactly the text cells a reader may take as they
    /// are: printable ASCII, no space at either end, not empty; never a number, a boolean or an
    /// error. A cursor that does not mark leaves every cell unmarked.
    @Test("plain text is marked as the sheet is parsed, shared or inline", arguments: [false, true])
    func marksPlainText(inline: Bool) throws {
        let texts = [
            "plain", "Two words", "~!#$%", " lead", "trail ", "  ", "", "tab\there", "line\nbreak", "é", "emoji 💪",
            "a", "x_x0020_y", String(repeating: "long text ", count: 200), String(repeating: "z", count: 32_767),
        ]
        let rows: [[CellValue?]] = texts.enumerated().map { index, text in
            [.text(text), .number(Double(index)), .boolean(true), .error("#N/A")]
        }
        let writer = WorkbookWriter(sheets: [WorkbookWriter.Sheet(name: "texts", rows: rows)], inlineText: inline)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString).xlsx").path
        try writer.write(to: path)
        let workbook = try Workbook(path: path)
        let shared = try workbook.sharedStrings()
        for marking in [true, false] {
            let cursor = try workbook.batchCursor(for: workbook.sheets[0], markingPlainText: marking)
            var marked: [String: Bool] = [:]
            while let batch = try cursor.nextBatch(rows: 4) {
                for cell in batch.cells {
                    switch cell.kind {
                    case .text: marked[String(decoding: batch.text(of: cell), as: UTF8.self)] = cell.isPlainText
                    case .sharedString: marked[shared[Int(cell.payload)]] = cell.isPlainText
                    default: #expect(!cell.isPlainText, "\(cell.kind) is never plain text")
                    }
                }
            }
            for text in texts where !text.isEmpty {
                let plain =
                    text.first != " " && text.last != " "
                    && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                #expect(marked[text] == (marking && plain), "\(text.prefix(20))")
            }
        }
    }

    /// Every row of the first sheet, through batches of `size` rows, as the row cursor gives
    /// them (shared strings by index).
    static func batchedRows(_ workbook: Workbook, size: Int) throws -> [Row] {
        let cursor = try workbook.batchCursor(for: workbook.sheets[0])
        var rows: [Row] = []
        while let batch = try cursor.nextBatch(rows: size) {
            var start = 0
            for row in batch.rows {
                let cells = batch.cells[start..<row.end].map { cell in
                    var made = Cell(
                        reference: CellReference(row: row.number, column: Int(cell.column)),
                        value: batch.value(of: cell))
                    if cell.kind == .sharedString { made.sharedStringIndex = Int32(cell.payload) }
                    return made
                }
                rows.append(Row(number: row.number, cells: cells))
                start = row.end
            }
        }
        return rows
    }

    static func plainRows(_ workbook: Workbook) throws -> [Row] {
        let cursor = try workbook.cursor(for: workbook.sheets[0], sharedStringsByIndex: true)
        var rows: [Row] = []
        while let row = try cursor.next() {
            rows.append(
                Row(
                    number: row.number,
                    cells: row.cells.map { cell in
                        var copy = cell
                        copy.isFormula = false
                        return copy
                    }))
        }
        return rows
    }

    @Test("a sheet of every kind of cell reads the same in batches of any size", arguments: [1, 7, 512, 100_000])
    func everyKind(size: Int) throws {
        var data = ""
        for row in 1...3_000 {
            // Gaps, cells out of order and repeated, every type, escapes, text long and short.
            if row % 5 == 0 { continue }
            data += "<row r=\"\(row)\">"
            let late = "late _x0041_ " + String(repeating: "é", count: row % 40)
            data += "<c r=\"C\(row)\" t=\"inlineStr\"><is><t>\(late)</t></is></c>"
            data += "<c r=\"A\(row)\"><v>\(Double(row) / 7)</v></c>"
            data += "<c r=\"B\(row)\" t=\"s\"><v>\(row % 3)</v></c>"
            data += "<c r=\"D\(row)\" t=\"b\"><v>\(row % 2)</v></c><c r=\"E\(row)\" t=\"e\"><v>#N/A</v></c>"
            data += "<c r=\"F\(row)\" s=\"1\"><v>\(45000 + row)</v></c><c r=\"G\(row)\" s=\"2\"><v>0.5</v></c>"
            data += "<c r=\"H\(row)\" t=\"str\"><f>A1</f><v>x\(row)</v></c>"
            data += "<c r=\"I\(row)\" t=\"d\"><v>2024-01-02</v></c>"
            data += "<c r=\"B\(row)\"><v>\(row)</v></c><c r=\"J\(row)\" t=\"inlineStr\"><is><t></t></is></c>"
            data += "<c r=\"K\(row)\"/></row><row r=\"\(row)\" spans=\"1:1\"></row>"
        }
        let package = TestPackage.singleSheet(
            data, sharedStrings: ["zero", "one", "two"],
            numberFormats: [(164, "[h]:mm")], cellFormats: [0, 14, 164])
        let workbook = try Workbook(path: package.write())
        let expected = try BatchCursorTests.plainRows(workbook)
        #expect(expected.count == 2_400)
        #expect(try Self.batchedRows(workbook, size: size) == expected)
    }

    @Test("an error in a sheet is thrown by the batch that meets it, and again after")
    func errors() throws {
        let rows = (1...20_000).map {
            "<row r=\"\($0)\"><c r=\"A\($0)\"><v>\($0 == 15_000 ? "x" : "\($0)")</v></c></row>"
        }
        let workbook = try Workbook(path: TestPackage.singleSheet(rows.joined()).write())
        let cursor = try workbook.batchCursor(for: workbook.sheets[0])
        var delivered = 0
        let error = xlsxError {
            while let batch = try cursor.nextBatch(rows: 512) { delivered += batch.rows.count }
        }
        #expect(error?.code == "sheet.bad_number")
        #expect(delivered >= 14_000 && delivered < 15_000)
        #expect(xlsxError { _ = try cursor.nextBatch(rows: 512) }?.code == "sheet.bad_number")
    }
}

/// The catalogue's check reads its long sheet through `RowsAhead`: a thread parses rows while
/// the checks run, and hands them over packed, a batch for each chunk read. The caller must see
/// exactly the rows the row cursor gives, end and errors included, and dropping it half way must
/// neither hang nor leave a thread reading.
@Suite("Rows read ahead")
struct RowsAheadTests {
    /// Every row of every batch, each cell as the row cursor gives it.
    static func rows(_ ahead: RowsAhead, _ workbook: Workbook) throws -> [Row] {
        let shared = try workbook.sharedStrings()
        var rows: [Row] = []
        while let batch = try ahead.nextBatch() {
            #expect(!batch.rows.isEmpty, "a batch holds rows")
            rows += Self.rows(of: batch, shared)
        }
        return rows
    }

    static func rows(of batch: CellBatch, _ shared: SharedStrings) -> [Row] {
        var start = 0
        return batch.rows.map { row in
            defer { start = row.end }
            return Row(
                number: row.number,
                cells: batch.cells[start..<row.end].map { cell in
                    let value: CellValue =
                        cell.kind == .sharedString ? .text(shared[Int(cell.payload)]) : batch.value(of: cell)
                    return Cell(reference: CellReference(row: row.number, column: Int(cell.column)), value: value)
                })
        }
    }

    @Test(
        "every row arrives as the row cursor gives it, whatever the batches waiting",
        arguments: [1, 2, 4, 8])
    func sameRows(depth: Int) throws {
        for path in [try StreamingTests.numberedSheet(rows: 12_000).write(), try Self.sharedTextSheet()] {
            let expected = try readRows(path)
            let workbook = try Workbook(path: path)
            // A full queue's reader waits until it drains to its low mark, and the batches the
            // caller is done with go back to the reader's thread: every depth keeps the rows whole.
            let ahead = try RowsAhead(try workbook.batchCursor(for: workbook.sheets[0]), depth: depth)
            #expect(try Self.rows(ahead, workbook) == expected)
            #expect(try ahead.nextBatch() == nil)
        }
    }

    /// A sheet of shared text, as Excel and XlsxWriter write it, long enough for many chunks.
    static func sharedTextSheet() throws -> String {
        let rows: [[CellValue?]] = (1...6_000).map { row in
            [
                .text("row \(row)"), .number(Double(row)), row % 7 == 0 ? nil : .text("group \(row % 50)"),
                .boolean(row % 2 == 0), .text(String(repeating: "step ", count: row % 30)),
            ]
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("rows-ahead-\(UUID().uuidString).xlsx").path
        try WorkbookWriter(sheets: [WorkbookWriter.Sheet(name: "shared", rows: rows)]).write(to: path)
        return path
    }

    @Test("rows before a defect arrive before the error, and the error then repeats")
    func rowsBeforeError() throws {
        let workbook = try StreamingTests.sheetBrokenAtRow15000()
        // What the row cursor itself delivers before the error, to compare with.
        let plain = try workbook.cursor(for: workbook.sheets[0])
        var expected = 0
        _ = xlsxError { while try plain.next() != nil { expected += 1 } }
        let ahead = try RowsAhead(try workbook.batchCursor(for: workbook.sheets[0]))
        var delivered = 0
        let error = xlsxError { while let batch = try ahead.nextBatch() { delivered += batch.rows.count } }
        #expect(error?.code == "xml.malformed")
        #expect(expected > 10_000 && delivered == expected)
        #expect(xlsxError { _ = try ahead.nextBatch() }?.code == "xml.malformed")
    }

    @Test("dropped half way, it stops its thread: no hang, the cursor and workbook freed")
    func dropped() throws {
        let path = try StreamingTests.numberedSheet(rows: 20_000).write()
        for _ in 0..<20 {
            weak var cursor: SheetCursor?
            do {
                let workbook = try Workbook(path: path)
                let owned = try workbook.batchCursor(for: workbook.sheets[0])
                cursor = owned
                // The thread fills its two batches and then waits for room.
                let ahead = try RowsAhead(owned, depth: 2)
                _ = try ahead.nextBatch()
            }
            // The thread held the cursor until it returned: dropping waited for it.
            #expect(cursor == nil)
        }
    }
}
