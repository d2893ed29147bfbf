import Testing
import XLSX
@testable import XLSXDump

@Suite("xlsx dump --format csv: cell values as RFC 4180 fields")
struct CellCSVTests {
    @Test("CSV fields per the dump format", arguments: [
        (CellValue.number(12), false, "12"), (.number(-2.5), false, "-2.5"), (.number(.nan), false, ""),
        (.number(-0.0), false, "0"), (.number(1e20), false, "1e+20"), (.text("plain"), false, "plain"),
        (.text(""), false, ""), (.text("a,b"), false, "\"a,b\""), (.text("say \"hi\""), false, "\"say \"\"hi\"\"\""),
        (.text("two\nlines"), false, "\"two\nlines\""), (.text("cr\r"), false, "\"cr\r\""),
        (.text(" padded"), false, "\" padded\""), (.text("padded "), false, "\"padded \""),
        (.text("#1"), true, "\"#1\""), (.text("#1"), false, "#1"), (.text("Übung 😀"), false, "Übung 😀"),
        (.boolean(true), false, "TRUE"), (.error("#N/A"), true, "\"#N/A\""), (.error("#N/A"), false, "#N/A"),
        (.date(serial: 45352), false, "2024-03-01"), (.duration(serial: 1), false, "PT86400S"),
    ])
    func csv(value: CellValue, firstColumn: Bool, field: String) {
        var bytes: [UInt8] = []
        value.appendCSV(to: &bytes, firstColumn: firstColumn)
        #expect(String(decoding: bytes, as: UTF8.self) == field)
    }

    @Test("integers are written digit by digit like the General format", arguments: [
        0.0, 7, -7, 10, 99, 100, 123_456_789, -987_654_321_012, 999_999_999_999_999, -999_999_999_999_999,
    ])
    func integers(value: Double) {
        var bytes: [UInt8] = []
        CellValue.appendNumberText(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(Int64(value)))
    }
}
