import Foundation
import Testing
@testable import XLSX

@Suite("Rendering cell values as text and ISO 8601")
struct RenderingTests {
    @Test("numbers render like Excel's General format at full precision", arguments: [
        (42.0, "42"), (-7.0, "-7"), (0.0, "0"), (-0.0, "0"), (2.5, "2.5"), (0.1, "0.1"),
        (1.0 / 3.0, "0.3333333333333333"), (0.0015, "0.0015"), (1e-7, "1e-07"), (1e15, "1000000000000000"),
        (1e16, "1e+16"), (123456789012345.0, "123456789012345"),
        (1e20, "1e+20"), (9007199254740992.0, "9007199254740992"), (-1.5e-300, "-1.5e-300"),
    ])
    func numberText(value: Double, text: String) {
        #expect(CellValue.numberText(value) == text)
        #expect(Double(text) == value)
    }

    @Test func numbersAppendAfterWhatTheOutputHolds() {
        var output = Array("[1.0,".utf8)
        for value in [0.15084917392450192, 1e16, -0.0, 2.5, 46681.812951388885] {
            CellValue.appendNumberText(value, to: &output)
            output.append(UInt8(ascii: ","))
        }
        #expect(String(decoding: output, as: UTF8.self) == "[1.0,0.15084917392450192,1e+16,0,2.5,46681.812951388885,")
    }

    static let second: Double = 1.0 / 86_400
    static let isoDateCases: [(Double, String)] = [
        (45352.0, "2024-03-01"), (45352.5, "2024-03-01T12:00:00"), (45352.25 + second, "2024-03-01T06:00:01"),
        (45352.0 + 0.5 * second, "2024-03-01T00:00:00.500"), (0.75, "18:00:00"), (0.0, "00:00:00"),
        (0.5 + 0.123 * second, "12:00:00.123"), (45352.999999999, "2024-03-02"), (1.5, "1900-01-01T12:00:00"),
        (60.25, "1900-02-29T06:00:00"),
    ]

    @Test("date serials render as ISO 8601", arguments: isoDateCases)
    func isoDates(serial: Double, iso: String) {
        #expect(CellValue.date(serial: serial).iso8601 == iso)
    }

    static let durationCases: [(Double, String)] = [
        (1.0, "PT86400S"), (1.5 / 24, "PT5400S"), (26.05 / 24, "PT93780S"), (0.5 * second, "PT0.5S"),
        (0.0, "PT0S"), (-1.0 / 1440, "-PT60S"),
    ]

    @Test("durations render as PT<seconds>S", arguments: durationCases)
    func isoDurations(serial: Double, iso: String) {
        #expect(CellValue.duration(serial: serial).iso8601 == iso)
    }

    @Test("plain text for CSV", arguments: [
        (CellValue.number(3), "3"), (.text("x,y"), "x,y"), (.boolean(true), "TRUE"), (.boolean(false), "FALSE"),
        (.error("#N/A"), "#N/A"), (.date(serial: 45352), "2024-03-01"), (.duration(serial: 0.5), "PT43200S"),
    ])
    func plainText(value: CellValue, text: String) {
        #expect(value.plainText == text)
    }
}
