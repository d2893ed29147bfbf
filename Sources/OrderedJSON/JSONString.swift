/// JSON string literals: the one escaping every JSON writer of TrainDB uses, including the
/// streaming `traindb xlsx dump`.
public enum JSONString {
    /// Appends `text` to `output` as a quoted JSON string: UTF-8, with only `"`, `\` and the
    /// control characters escaped (`\n`, `\t` … and `\u00XX` for the others). `/` and
    /// non-ASCII characters are written as they are.
    public static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &output) }
    }

    /// `append(_:to:)` for text already in UTF-8.
    public static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(quote)
        if bytes.contains(where: needsEscape) {
            for byte in bytes {
                appendEscaped(byte, to: &output)
            }
        } else {
            output.append(contentsOf: bytes)
        }
        output.append(quote)
    }

    /// `text` as a quoted JSON string.
    public static func literal(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == quote || byte == backslash
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case quote, backslash: output += [backslash, byte]
        case 0x0A: output += [backslash, UInt8(ascii: "n")]
        case 0x0D: output += [backslash, UInt8(ascii: "r")]
        case 0x09: output += [backslash, UInt8(ascii: "t")]
        case 0x08: output += [backslash, UInt8(ascii: "b")]
        case 0x0C: output += [backslash, UInt8(ascii: "f")]
        case ..<0x20:
            output += [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
            output += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        default: output.append(byte)
        }
    }
}
