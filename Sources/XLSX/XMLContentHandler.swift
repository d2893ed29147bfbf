/// Receives the SAX events of one XML part. Implementations keep per-event work small: names
/// are compared as bytes and text arrives as borrowed bytes.
protocol XMLContentHandler: AnyObject {
    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError)
    func endElement(_ name: XMLName) throws(XLSXError)
    /// Character data (text, CDATA, whitespace), possibly split over several calls.
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError)
}
