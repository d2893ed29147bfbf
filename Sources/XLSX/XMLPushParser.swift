/// Parses one package part, fed chunk by chunk, into `handler`.
///
/// `XMLTokenizer` reads the parts every XLSX writer produces (UTF-8, no DTD), several times
/// faster than libxml2; a part with a DTD, in another encoding, or with an XML declaration it
/// does not recognise goes to `LibXML2PushParser` instead, decided before the root element
/// and so before any event. Both refuse entity declarations, undefined entities and floods of
/// attributes the same way, and report malformed XML as `xml.malformed` with the part and line.
final class XMLPushParser<Handler: XMLContentHandler> {
    let part: String
    private let handler: Handler
    private var tokenizer: XMLTokenizer<Handler>?
    private var libxml2: LibXML2PushParser?

    /// - Parameter sizeHint: the part's size, when known: a small part gets a small window.
    init(part: String, handler: Handler, sizeHint: Int64? = nil) {
        self.part = part
        self.handler = handler
        tokenizer = XMLTokenizer(part: part, handler: handler, sizeHint: sizeHint)
    }

    /// Whether libxml2 took the part over (tests check which parser read it).
    var usesLibXML2: Bool { libxml2 != nil }

    /// Parses the next bytes of the part.
    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if let tokenizer {
            if try tokenizer.feed(bytes) == .needsLibXML2 { try handOver(from: tokenizer) }
        } else if let libxml2 {
            try libxml2.feed(bytes)
        }
    }

    /// Tells the parser the part is complete; throws if the document is unfinished.
    func finish() throws {
        if let tokenizer, try tokenizer.finish() == .needsLibXML2 {
            try handOver(from: tokenizer)
        }
        try libxml2?.finish()
    }

    private func handOver(from tokenizer: XMLTokenizer<Handler>) throws {
        let parser = try LibXML2PushParser(part: part, handler: handler)
        libxml2 = parser
        try parser.feed(tokenizer.bufferedPrologue)
        self.tokenizer = nil
    }
}
