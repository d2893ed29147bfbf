/// Reads `sharedStrings.xml`: one string per `<si>`, rich-text runs (`<r><t>`) concatenated,
/// phonetic runs (`<rPh>`) skipped, each `<t>` trimmed unless it preserves space, `_xHHHH_`
/// escapes decoded.
final class SharedStringsParser: XMLContentHandler {
    private(set) var strings = SharedStrings()
    /// The part's inflated size: the strings' bytes take at most as many.
    private let partSize: Int

    init(partSize: Int) {
        self.partSize = partSize
    }

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
            let count = attributes.bytes("uniqueCount").flatMap(DecimalParsing.integer) ?? 0
            strings.reserve(byteCount: partSize, count: count)
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
            strings.append(escaped: text.bytes)
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
