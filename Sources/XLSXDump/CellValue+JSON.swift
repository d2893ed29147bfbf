import OrderedJSON
import XLSX

extension CellValue {
    /// Appends the value as `traindb xlsx dump` writes it in JSON: a number, a string,
    /// `true`/`false`, `{"error":"#N/A"}`, or an ISO 8601 string for dates and durations. A
    /// non-finite number gives `null`.
    func appendJSON(to output: inout [UInt8]) {
        switch self {
        case .number(let value):
            if value.isFinite { Self.appendNumberText(value, to: &output) } else { output += "null".utf8 }
        case .text(let text):
            JSONString.append(text, to: &output)
        case .boolean(let value):
            output += (value ? "true" : "false").utf8
        case .error(let code):
            output += #"{"error":"#.utf8
            JSONString.append(code, to: &output)
            output.append(UInt8(ascii: "}"))
        case .date, .duration:
            // ISO 8601 text holds nothing JSON escapes.
            output.append(UInt8(ascii: "\""))
            if appendISO8601(to: &output) {
                output.append(UInt8(ascii: "\""))
            } else {
                output.removeLast()
                output += "null".utf8
            }
        }
    }

    /// The value's JSON fragment as text.
    var json: String {
        var output: [UInt8] = []
        appendJSON(to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
