import Foundation
import Testing
@testable import XLSX

@Suite("Dates, times and durations from styles")
struct DateStyleTests {
    @Test("built-in number formats", arguments: [
        (0, NumberFormatKind.number), (1, .number), (2, .number), (9, .number), (13, .number),
        (14, .date), (15, .date), (17, .date), (18, .time), (20, .time), (21, .time), (22, .date),
        (27, .date), (31, .date), (32, .time), (33, .time), (36, .date), (37, .number), (44, .number), (45, .time),
        (46, .duration), (47, .time), (49, .number), (50, .date), (58, .date), (59, .number), (164, .number),
    ])
    func builtIn(id: Int, kind: NumberFormatKind) {
        #expect(NumberFormatKind(builtInID: id) == kind)
    }

    @Test("custom format codes", arguments: [
        ("yyyy-mm-dd", NumberFormatKind.date), ("dd/mm/yyyy;@", .date), ("d-mmm-yy", .date),
        ("h:mm AM/PM", .time), ("hh:mm:ss.000", .time), ("[$-407]dddd, d. mmmm yyyy", .date),
        ("[Red]yyyy-mm-dd", .date), ("mm:ss", .time), ("[h]:mm:ss", .duration), ("[mm]:ss", .duration),
        ("m/d/yyyy h:mm", .date), ("yyyy-mm-dd hh:mm:ss", .date), ("mm", .date), ("mmm", .date), ("m/yy", .date),
        ("h", .time), ("h:mm A/P", .time), ("mmss.0", .time), ("HH:MM", .time), ("mmm ss", .date),
        ("[ss].00", .duration), ("[H]:MM", .duration), ("0.00", .number), ("#,##0.00 \"kg\"", .number),
        ("0 \"days\"", .number), ("0\\d", .number), ("[Red]0.00;[Blue]-0.00", .number), ("General", .number),
        ("0.00E+00", .number), ("@", .number), ("#,##0_);(#,##0)", .number), ("[>=100]0;0.0", .number),
        ("* #,##0", .number), ("_-* #,##0 €_-", .number), ("[$€-407] #,##0.00", .number),
    ])
    func customCodes(code: String, kind: NumberFormatKind) {
        #expect(NumberFormatKind(formatCode: code) == kind)
    }

    /// A sheet whose cells use styles 0…n, built from number-format ids and custom codes.
    static func styledCells(_ cells: [(style: Int, value: String)], date1904: Bool = false) throws -> [CellValue] {
        let data = "<row r=\"1\">" + cells.enumerated().map { index, cell in
            "<c r=\"\(CellReference.columnName(index + 1))1\" s=\"\(cell.style)\"><v>\(cell.value)</v></c>"
        }.joined() + "</row>"
        let package = TestPackage.singleSheet(
            data,
            numberFormats: [(164, "yyyy\\-mm\\-dd"), (165, "[h]:mm"), (166, "0.0 &quot;kg&quot;"), (14, "0.00")],
            cellFormats: [0, 14, 22, 21, 46, 164, 165, 166, 2],
            date1904: date1904)
        return try readRows(package.write()).first?.cells.map(\.value) ?? []
    }

    @Test("numbers become dates, times or durations by their cell style")
    func styledNumbers() throws {
        let values = try Self.styledCells([
            (0, "45352"), (2, "45352.5"), (3, "0.75"), (4, "1.5"), (5, "45352"), (6, "0.25"), (7, "45352"),
            (8, "45352"), (1, "45352"), (42, "45352"),
        ])
        #expect(values == [
            .number(45352), .date(serial: 45352.5), .date(serial: 0.75), .duration(serial: 1.5), .date(serial: 45352),
            .duration(serial: 0.25), .number(45352), .number(45352),
            // A custom numFmt redefining a built-in id wins over the built-in meaning.
            .number(45352),
            // A style index past the table is a plain number.
            .number(45352),
        ])
    }

    @Test("1904 workbooks: dates move to the 1900 system, times of day and durations do not")
    func dateSystem1904() throws {
        let values = try Self.styledCells([(5, "43890"), (3, "0.5"), (4, "2"), (0, "43890")], date1904: true)
        #expect(values == [.date(serial: 45352), .date(serial: 0.5), .duration(serial: 2), .number(43890)])
        #expect(values.first?.iso8601 == "2024-03-01")
    }

    @Test("the 1900 leap-year quirk: serial 60 is 1900-02-29 and earlier serials shift a day", arguments: [
        (1.0, "1900-01-01"), (31.0, "1900-01-31"), (59.0, "1900-02-28"), (60.0, "1900-02-29"),
        (61.0, "1900-03-01"), (366.0, "1900-12-31"), (367.0, "1901-01-01"),
        (45352.0, "2024-03-01"), (2_958_465.0, "9999-12-31"),
    ])
    func leapYearQuirk(serial: Double, iso: String) {
        #expect(CellValue.date(serial: serial).iso8601 == iso)
    }
}
