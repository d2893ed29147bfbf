/// Reads `sharedStrings.xml`: one string per `<si>`, rich-text runs (`<r><t>`) concatenated,
/// phonetic runs (`<rPh>`) skipped, each `<t>` trimmed unless it preserves space, `_xHHHH_`
/// escapes decoded.
final class SharedStringsParser: XMLContentHandler {
    private(set) var strings: [String] = []
    private let text = ByteBuffer()
    private var inItem = false
    private var inPhonetic = false
    private var collecting = false
    private var textElement = TextElementSpacing()

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        switch name.first {
        case UInt8(ascii: "s") where name.is("si"):
            inItem = true
            text.removeAll()
        case UInt8(ascii: "t") where name.is("t"):
            collecting = inItem && !inPhonetic
            if collecting { textElement.open(attributes, appendingTo: text) }
        case UInt8(ascii: "r") where name.is("rPh"):
            inPhonetic = true
        case UInt8(ascii: "s") where name.is("sst"):
            // Reserve for the declared count, bounded: the attribute is not trusted.
            if let count = attributes.bytes("uniqueCount").flatMap(DecimalParsing.integer) {
                strings.reserveCapacity(min(count, 1 << 20))
            }
        default:
            break
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        switch name.first {
        case UInt8(ascii: "t") where name.is("t"):
            collecting = false
            textElement.close(in: text)
        case UInt8(ascii: "r") where name.is("rPh"):
            inPhonetic = false
        case UInt8(ascii: "s") where name.is("si"):
            strings.append(ExcelTextEscape.decode(text.bytes))
            inItem = false
            collecting = false
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        if collecting { textElement.append(bytes, to: text) }
    }
}
