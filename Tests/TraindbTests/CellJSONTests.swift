import Foundation
import Testing
import XLSX
@testable import XLSXDump

@Suite("xlsx dump: cell values as JSON")
struct CellJSONTests {
    @Test("JSON per the dump format", arguments: [
        (CellValue.number(12), "12"), (.number(2.5), "2.5"), (.number(.infinity), "null"), (.number(.nan), "null"),
        (.text("Kniebeuge"), "\"Kniebeuge\""), (.text("say \"hi\"\\\n\t\u{1}"), "\"say \\\"hi\\\"\\\\\\n\\t\\u0001\""),
        (.text("Übung 😀"), "\"Übung 😀\""), (.boolean(true), "true"), (.boolean(false), "false"),
        (.error("#DIV/0!"), "{\"error\":\"#DIV/0!\"}"), (.date(serial: 45352), "\"2024-03-01\""),
        (.date(serial: 0.5), "\"12:00:00\""), (.duration(serial: 1), "\"PT86400S\""),
    ])
    func json(value: CellValue, json: String) {
        #expect(value.json == json)
    }

    @Test("JSON renderings parse back with a JSON parser")
    func jsonParses() throws {
        let values: [CellValue] = [
            .text("a\u{0}b\u{1f}\"\\/"), .number(1e-7), .number(-0.0), .error("#N/A"), .date(serial: 45352.5),
            .boolean(true),
        ]
        let document = "[" + values.map(\.json).joined(separator: ",") + "]"
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [Any]
        #expect(parsed?.count == values.count)
        #expect(parsed?.first as? String == "a\u{0}b\u{1f}\"\\/")
    }
}
