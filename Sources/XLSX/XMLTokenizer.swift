/// A streaming XML parser for the parts XLSX writers produce: UTF-8, no DTD. It checks
/// well-formedness as XML 1.0 and Namespaces in XML define it (characters, names, references,
/// nesting, unique attributes, comments, CDATA, processing instructions) and hands the same
/// events libxml2's SAX2 parser gives to `XMLPushParser`'s handlers, at a fraction of the cost:
/// a worksheet is mostly tiny tags, and this reads each with a few table look-ups.
///
/// Anything unusual before the root element (a DOCTYPE, another encoding, an XML declaration it
/// does not recognise, a prolog over 1 MiB) makes `feed` answer `.needsLibXML2` before any event
/// has been sent; `bufferedPrologue` then holds every byte so far, for libxml2 to start from.
///
/// Bytes are copied into a window that slides over the part; a token cut by the end of a chunk
/// is read again, whole, once the next chunk is there. Text is handed over in pieces (a text
/// node can be megabytes), so memory is the window plus the longest tag.
final class XMLTokenizer<Handler: XMLContentHandler> {
    enum Progress {
        case parsing
        /// The part needs libxml2; no event was sent.
        case needsLibXML2
    }

    /// The state lives behind a pointer this class owns, so that the per-byte and per-tag
    /// changes to it carry no dynamic exclusivity checks.
    private let core: UnsafeMutablePointer<XMLTokenizerCore<Handler>>

    /// - Parameter sizeHint: the part's size, when known. The window starts at a chunk (64 KiB)
    ///   and a little, or at the size of a smaller part, and grows only for a longer token.
    init(part: String, handler: Handler, sizeHint: Int64? = nil) {
        core = .allocate(capacity: 1)
        core.initialize(to: XMLTokenizerCore(part: part, handler: handler, sizeHint: sizeHint))
    }

    deinit {
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// Every byte fed so far, while the prolog is being read (for libxml2 to take over).
    var bufferedPrologue: UnsafeRawBufferPointer { core.pointee.bufferedPrologue }

    /// Parses the next bytes of the part.
    func feed(_ bytes: UnsafeRawBufferPointer) throws(XLSXError) -> Progress {
        try core.pointee.feed(bytes) ? .needsLibXML2 : .parsing
    }

    /// The part is complete: throws if the document is unfinished.
    func finish() throws(XLSXError) -> Progress {
        try core.pointee.finish() ? .needsLibXML2 : .parsing
    }
}
