import Foundation
import Testing
@testable import XLSX
import XLSXTestSupport

@Suite("WorkbookWriter")
struct WorkbookWriterTests {
    static let sample = WorkbookWriter(sheets: [
        .init(name: "Übungen & Co", rows: [
            [.text("name"), .text("reps"), .text("done"), .text("start"), .text("rest"), .text("note")],
            [
                .text("Squat"), .number(10), .boolean(true), .date(serial: 45352), .duration(serial: 1.5 / 1440),
                .error("#N/A"),
            ],
            [],
            [nil, .number(2.5), .boolean(false), .date(serial: 45352.75), .date(serial: 0.25), nil, .text("far")],
        ]),
        .init(name: "Hidden", state: .hidden, rows: [[.text("secret")]]),
        .init(name: "Very", state: .veryHidden, rows: []),
    ])

    @Test("what is written reads back the same: values, positions, sheet names and states")
    func roundTrip() throws {
        let path = TestFiles.path("roundtrip.xlsx")
        try Self.sample.write(to: path)
        let workbook = try Workbook(path: path)
        #expect(workbook.sheets.map(\.name) == ["Übungen & Co", "Hidden", "Very"])
        #expect(workbook.sheets.map(\.state) == [.visible, .hidden, .veryHidden])
        for (index, sheet) in Self.sample.sheets.enumerated() {
            let cursor = try workbook.cursor(for: workbook.sheets[index])
            var read: [Int: [Int: CellValue]] = [:]
            while let row = try cursor.next() {
                for cell in row.cells { read[row.number, default: [:]][cell.reference.column] = cell.value }
            }
            var written: [Int: [Int: CellValue]] = [:]
            for (rowIndex, row) in sheet.rows.enumerated() {
                for (columnIndex, value) in row.enumerated() {
                    if let value { written[rowIndex + 1, default: [:]][columnIndex + 1] = value }
                }
            }
            #expect(read == written, "sheet \(sheet.name)")
        }
    }

    @Test("text survives the trip whatever it holds", arguments: [
        "  leading and trailing  ", "a & b < c > d \"q\" 'a'", "line\nbreak\r\nand\ttab", "_x0041_ literal",
        "control \u{1}\u{8}\u{1F}", "emoji 😀 and 東京", "", "_x005F_",
    ])
    func textRoundTrip(text: String) throws {
        let bytes = try WorkbookWriter(sheets: [.init(name: "S", rows: [[.text(text)]])]).data()
        let path = try TestFiles.write(bytes, named: "text.xlsx")
        #expect(try readCells(path) == ["A1": .text(text)])
    }

    @Test("the same workbook always gives the same bytes")
    func deterministic() throws {
        let first = try Self.sample.data()
        let second = try Self.sample.data()
        #expect(first == second)
        let path = TestFiles.path("deterministic.xlsx")
        try Self.sample.write(to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == first)
    }

    @Test("sheet names Excel would refuse are refused", arguments: [
        "", "a:b", "a/b", "a\\b", "a?b", "a*b", "[x]", "'quoted'", String(repeating: "x", count: 32),
    ])
    func invalidSheetNames(name: String) {
        let error = xlsxError { _ = try WorkbookWriter(sheets: [.init(name: name, rows: [])]).data() }
        #expect(error?.code == "writer.sheet_name")
    }

    @Test("sheet names differing only in case are refused")
    func duplicateSheetNames() {
        let writer = WorkbookWriter(sheets: [.init(name: "Plan", rows: []), .init(name: "PLAN", rows: [])])
        #expect(xlsxError { _ = try writer.data() }?.code == "writer.sheet_name")
    }

    @Test("a workbook needs a visible sheet, and at least one sheet")
    func visibleSheetRequired() {
        #expect(xlsxError { _ = try WorkbookWriter(sheets: []).data() }?.code == "writer.no_sheets")
        let hidden = WorkbookWriter(sheets: [.init(name: "H", state: .hidden, rows: [])])
        #expect(xlsxError { _ = try hidden.data() }?.code == "writer.no_visible_sheet")
    }

    @Test("values Excel cannot store are refused", arguments: [
        CellValue.number(.nan), .number(.infinity), .date(serial: -.infinity), .error("N/A"),
        .text(String(repeating: "x", count: 32_768)),
    ])
    func invalidValues(value: CellValue) {
        let writer = WorkbookWriter(sheets: [.init(name: "S", rows: [[value]])])
        #expect(xlsxError { _ = try writer.data() }?.code == "writer.cell")
    }

    @Test("ZipWriter writes raw entries, stored or deflated, that ZipArchive reads back")
    func zipWriterRawEntries() throws {
        let zip = try ZipWriter()
        try zip.add("stored.txt", text: "stored", compression: .store)
        try zip.add("dir/deflated.txt", bytes: Array(repeating: 65, count: 10_000), compression: .deflate(level: 9))
        let archive = try ZipArchive(path: TestFiles.write(try zip.finishData(), named: "raw.zip"))
        #expect(archive.entries.map(\.name) == ["stored.txt", "dir/deflated.txt"])
        #expect(try archive.contents(of: "stored.txt") == Array("stored".utf8))
        #expect(archive.entry(named: "stored.txt")?.compressedSize == 6)
        #expect(try archive.contents(of: "dir/deflated.txt").count == 10_000)
        #expect((archive.entry(named: "dir/deflated.txt")?.compressedSize ?? 0) < 1000)
    }

    @Test("openpyxl opens what WorkbookWriter writes", .enabled(if: Python.hasModule("openpyxl")))
    func openpyxlOpens() throws {
        let path = TestFiles.path("openpyxl.xlsx")
        try Self.sample.write(to: path)
        let output = try Python.run("""
            import openpyxl, sys
            wb = openpyxl.load_workbook(sys.argv[1])
            print([ws.title for ws in wb.worksheets], [ws.sheet_state for ws in wb.worksheets])
            ws = wb.worksheets[0]
            print(repr(ws["A2"].value), ws["B2"].value, ws["C2"].value, ws["D2"].value, ws["F2"].value, ws["G4"].value)
            """, arguments: [path])
        #expect(output == """
            ['Übungen & Co', 'Hidden', 'Very'] ['visible', 'hidden', 'veryHidden']
            'Squat' 10 True 2024-03-01 00:00:00 #N/A far

            """)
    }
}

/// Runs python3 snippets, for checks against other producers' readers.
enum Python {
    static func hasModule(_ name: String) -> Bool {
        (try? run("import \(name)")) != nil
    }

    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self)
    }
}
