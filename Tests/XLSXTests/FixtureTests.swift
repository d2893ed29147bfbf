import Foundation
import Testing
@testable import XLSX

/// Workbooks written by other producers (openpyxl, XlsxWriter, LibreOffice), committed under
/// Fixtures/ and named after what they exercise.
@Suite("Files from other producers")
struct FixtureTests {
    @Test("openpyxl: value types, date and time formats, hidden and very hidden sheets")
    func openpyxlTypes() throws {
        let path = try TestFiles.fixture("openpyxl_types_dates_sheet_states.xlsx")
        let workbook = try Workbook(path: path)
        #expect(workbook.sheets.map(\.name) == ["Types", "Hidden", "Secret"])
        #expect(workbook.sheets.map(\.state) == [.visible, .hidden, .veryHidden])
        let cells = try readCells(path, sheet: "types")
        #expect(cells["A2"] == .text("Kniebeuge"))
        #expect(cells["B2"] == .number(12))
        #expect(cells["C2"] == .number(2.5))
        #expect(cells["D2"] == .number(0.0015))
        #expect(cells["E2"] == .boolean(true))
        #expect(cells["F2"]?.iso8601 == "2024-03-01")
        #expect(cells["G2"]?.iso8601 == "2024-03-01T10:30:15")
        #expect(cells["H2"]?.iso8601 == "00:01:30")
        #expect(cells["I2"]?.iso8601 == "PT93780S")
        #expect(cells["J2"]?.iso8601 == "1900-02-28")
        // openpyxl stores formulas without a cached value: nothing to report.
        #expect(cells["K2"] == nil)
        #expect(cells["E4"] == .boolean(false))
        #expect(cells["C5"] == .number(-0.1))
        #expect(try readCells(path, sheet: "Secret") == ["B2": .number(7)])
    }

    @Test("XlsxWriter: 1904 dates, rich text, cached formula results and errors, escapes")
    func xlsxWriter1904() throws {
        let path = try TestFiles.fixture("xlsxwriter_1904_rich_text_cached_formulas.xlsx")
        let workbook = try Workbook(path: path)
        #expect(workbook.usesDate1904)
        let rows = try readRows(path, sheet: "Plan")
        let cells = Dictionary(uniqueKeysWithValues: rows.flatMap(\.cells).map { ($0.reference.a1, $0) })
        #expect(cells["A1"]?.value == .text("Push hard today"))
        #expect(cells["B1"]?.value == .date(serial: 45352))
        #expect(cells["C1"]?.value == .number(2))
        #expect(cells["C1"]?.isFormula == true)
        #expect(cells["D1"]?.value == .error("#DIV/0!"))
        #expect(cells["E1"]?.value == .text("ab"))
        #expect(cells["F1"]?.value == .boolean(true))
        #expect(cells["G1"]?.value == .text("bell\u{7} and _x0041_ literal"))
        #expect(cells["A3"]?.value == .number(1e-7))
        #expect(cells["B3"]?.value == .boolean(false))
        let far = try readRows(path, sheet: "Far")
        #expect(far.map(\.number) == [1, 1_048_576])
        #expect(far.last?.cells.first?.reference.a1 == "XFD1048576")
    }

    @Test("XlsxWriter constant-memory mode: inline strings")
    func xlsxWriterInline() throws {
        let cells = try readCells(try TestFiles.fixture("xlsxwriter_inline_strings.xlsx"))
        #expect(cells == ["A1": .text("inline one"), "B1": .text("  padded  "), "A2": .number(3.25),
                          "C2": .text("line\nbreak")])
    }

    @Test("LibreOffice: recalculated formulas with cached numbers, errors, booleans and strings")
    func libreOffice() throws {
        let cells = try readCells(try TestFiles.fixture("libreoffice_cached_formula_values.xlsx"))
        #expect(cells["D2"] == .number(30))
        #expect(cells["D3"] == .number(32))
        #expect(cells["E2"] == .date(serial: 45306))
        #expect(cells["E3"]?.iso8601 == "2024-02-29")
        #expect(cells["F2"] == .error("#DIV/0!"))
        #expect(cells["F3"] == .number(0.5))
        #expect(cells["G2"] == .boolean(true))
        #expect(cells["G3"] == .text("Row x"))
    }
}
