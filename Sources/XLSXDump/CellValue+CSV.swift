import XLSX

extension CellValue {
    /// Appends the value as `traindb xlsx dump --format csv` writes it: its plain text as one
    /// RFC 4180 field (see `appendCSVField`). A non-finite number gives an empty field.
    func appendCSV(to output: inout [UInt8], firstColumn: Bool) {
        switch self {
        case .number(let value):
            // A number's text never holds a comma, a quote, a space or a leading `#`.
            if value.isFinite { Self.appendNumberText(value, to: &output) }
        case .text(let text):
            Self.appendCSVField(text, firstColumn: firstColumn, to: &output)
        case .boolean(let value):
            output += (value ? "TRUE" : "FALSE").utf8
        case .date, .duration:
            // ISO 8601 text never needs quoting.
            appendISO8601(to: &output)
        case .error(let code):
            Self.appendCSVField(code, firstColumn: firstColumn, to: &output)
        }
    }

    /// Appends `text` as an RFC 4180 field: quoted when it holds a comma, quote, CR or LF, when
    /// it starts or ends with a space, or when it would start a line with `#` (like the sheet
    /// headers); a quote inside is doubled.
    static func appendCSVField(_ text: String, firstColumn: Bool, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendCSVField(utf8: $0, firstColumn: firstColumn, to: &output) }
    }

    /// `appendCSVField(_:firstColumn:to:)` for text already in UTF-8.
    static func appendCSVField(utf8 bytes: UnsafeBufferPointer<UInt8>, firstColumn: Bool, to output: inout [UInt8]) {
        guard let first = bytes.first, let last = bytes.last else { return }
        let needsQuotes = first == space || last == space || (firstColumn && first == hash)
            || bytes.contains { $0 == comma || $0 == quote || $0 == lineFeed || $0 == carriageReturn }
        guard needsQuotes else { return output.append(contentsOf: bytes) }
        output.append(quote)
        for byte in bytes {
            if byte == quote { output.append(quote) }
            output.append(byte)
        }
        output.append(quote)
    }

    private static let space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#")
    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}
