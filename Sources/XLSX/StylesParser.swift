/// Reads `styles.xml` far enough to know, for each cell style index (`<c s="…">`), whether its
/// number format is a date, a duration or a plain number.
final class StylesParser: XMLContentHandler {
    private var customFormats: [Int: NumberFormatKind] = [:]
    private var formatIDs: [Int] = []
    private var inNumberFormats = false
    private var inCellFormats = false

    /// One kind per `cellXfs` entry, in order.
    var styleKinds: [NumberFormatKind] {
        formatIDs.map { customFormats[$0] ?? NumberFormatKind(builtInID: $0) }
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        if name.is("numFmts") {
            inNumberFormats = true
        } else if name.is("cellXfs") {
            inCellFormats = true
        } else if name.is("numFmt"), inNumberFormats {
            guard let id = attributes.bytes("numFmtId").flatMap(DecimalParsing.integer),
                  let code = attributes.string("formatCode") else { return }
            customFormats[id] = NumberFormatKind(formatCode: code)
        } else if name.is("xf"), inCellFormats {
            formatIDs.append(attributes.bytes("numFmtId").flatMap(DecimalParsing.integer) ?? 0)
        }
    }

    func endElement(_ name: XMLName) throws(XLSXError) {
        if name.is("numFmts") {
            inNumberFormats = false
        } else if name.is("cellXfs") {
            inCellFormats = false
        }
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
