import Foundation
import Testing
@testable import XLSX

@Suite("Date systems and the range of dates")
struct DateRangeTests {
    /// Cell styles 0…4: General, built-in 14 (date), built-in 21 (time), custom `h:mm` (time)
    /// and custom `[h]:mm` (duration).
    static let cellFormats = [0, 14, 21, 164, 165]
    static let general = 0, date = 1, time = 2, customTime = 3, duration = 4

    /// The value of one cell `<c s="style"><v>value</v></c>`.
    static func value(_ written: String, style: Int, date1904: Bool) throws -> CellValue? {
        let package = TestPackage.singleSheet(
            "<row r=\"1\"><c r=\"A1\" s=\"\(style)\"><v>\(written)</v></c></row>",
            numberFormats: [(164, "h:mm"), (165, "[h]:mm")], cellFormats: cellFormats, date1904: date1904)
        return try readCells(package.write())["A1"]
    }

    @Test("1904 system: serials below 1 are dates on 1904-01-01 under a date format, times under a time format",
          arguments: [
              ("0", date, "1904-01-01"), ("0.5", date, "1904-01-01T12:00:00"), ("1.5", date, "1904-01-02T12:00:00"),
              ("0", time, "00:00:00"), ("0.75", time, "18:00:00"), ("0.25", customTime, "06:00:00"),
              ("0.5", duration, "PT43200S"), ("43890", date, "2024-03-01"),
          ])
    func system1904(written: String, style: Int, shown: String) throws {
        #expect(try Self.value(written, style: style, date1904: true)?.iso8601 == shown)
    }

    @Test("1900 system: the same cells", arguments: [
        ("0.5", date, "12:00:00"), ("1.5", date, "1900-01-01T12:00:00"), ("0.75", time, "18:00:00"),
        ("45352", date, "2024-03-01"),
    ])
    func system1900(written: String, style: Int, shown: String) throws {
        #expect(try Self.value(written, style: style, date1904: false)?.iso8601 == shown)
    }

    @Test("a date- or time-formatted number outside Excel's dates stays a number", arguments: [
        ("-1", date, false), ("-0.5", time, false), ("1E+20", date, false), ("2994626", date, false),
        ("2958466", date, false), ("2957004", date, true), ("1E+20", customTime, true),
    ])
    func outOfRange(written: String, style: Int, date1904: Bool) throws {
        let value = try Self.value(written, style: style, date1904: date1904)
        #expect(value == .number(try #require(Double(written))))
        #expect(value?.plainText == CellValue.numberText(try #require(Double(written))))
    }

    @Test("the last day Excel shows is still a date", arguments: [("2958465", false), ("2957003", true)])
    func lastDay(written: String, date1904: Bool) throws {
        #expect(try Self.value(written, style: Self.date, date1904: date1904)?.iso8601 == "9999-12-31")
    }

    @Test("a number overflowing a Double is an error at its cell, never null",
          arguments: ["1e400", "-1E+400", "1" + String(repeating: "0", count: 400)])
    func overflow(written: String) throws {
        for style in [Self.general, Self.date] {
            let package = TestPackage.singleSheet("<row r=\"3\"><c r=\"B3\" s=\"\(style)\"><v>\(written)</v></c></row>",
                                                  cellFormats: Self.cellFormats)
            let error = xlsxError { _ = try readRows(package.write()) }
            #expect(error?.code == "sheet.number_out_of_range")
            #expect(error?.cell == CellReference(row: 3, column: 2))
            #expect(error?.message.contains("B3") == true)
        }
    }

    @Test("an ISO 8601 cell (t=\"d\") outside Excel's dates stays the text written", arguments: ["1800-01-01"])
    func isoOutOfRange(written: String) throws {
        let cells = try readCells(sheetData: "<row r=\"1\"><c r=\"A1\" t=\"d\"><v>\(written)</v></c></row>")
        #expect(cells["A1"] == .text(written))
    }
}
