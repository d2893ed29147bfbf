import CLibXML2

/// A libxml2 SAX2 push parser for one package part, fed chunk by chunk: what `XMLPushParser`
/// uses for a part `XMLTokenizer` does not take (one with a DTD, or in another encoding than
/// UTF-8). Owns the `xmlParserCtxt`.
///
/// Safe against hostile XML: no network access, no external entities, and any entity
/// declaration stops the parse with `xml.entity`, so nothing is ever expanded. A DTD's default
/// attributes (`<!ATTLIST>`) stop it too, and `StartTagScanner` refuses a start tag with so
/// many attributes that libxml2 would take minutes over it.
final class LibXML2PushParser {
    let part: String
    private let handler: any XMLContentHandler
    private var context: xmlParserCtxtPtr?
    private var failure: XLSXError?
    private var scanner = StartTagScanner()
    /// The first error libxml2 reported, converted while its message is still valid.
    private var firstError: XLSXError?
    /// The attributes of the current start tag, in `XMLAttribute` form (reused).
    private var attributes: UnsafeMutablePointer<XMLAttribute>
    private var attributeCapacity = 16

    private static let libraryReady: Bool = {
        xmlInitParser()
        return true
    }()

    init(part: String, handler: any XMLContentHandler) throws {
        _ = Self.libraryReady
        self.part = part
        self.handler = handler
        attributes = .allocate(capacity: attributeCapacity)

        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let context, let localName else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                do throws(XLSXError) {
                    try parser.handler.startElement(
                        XMLName(cString: localName),
                        attributes: parser.converted(attributes, count: Int(max(attributeCount, 0))))
                } catch { parser.stop(with: error) }
            }
        }
        sax.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                do throws(XLSXError) {
                    try parser.handler.endElement(XMLName(cString: localName))
                } catch { parser.stop(with: error) }
            }
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let context, let text, length > 0 else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                do throws(XLSXError) {
                    try parser.handler.characters(UnsafeBufferPointer(start: text, count: Int(length)))
                } catch { parser.stop(with: error) }
            }
        }
        sax.characters = characters
        // The same function for both makes libxml2 skip its blank-detection work.
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.entityDecl = { context, name, _, _, _, _ in
            guard let context else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                parser.refuseEntity(named: name)
            }
        }
        sax.unparsedEntityDecl = { context, name, _, _, _ in
            guard let context else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                parser.refuseEntity(named: name)
            }
        }
        sax.attributeDecl = { context, element, _, _, _, _, values in
            // The handler owns the list of an enumerated type's values.
            if let values { xmlFreeEnumeration(values) }
            guard let context else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                parser.refuseAttributeDeclaration(for: element)
            }
        }
        sax.getEntity = { _, _ in nil }
        sax.getParameterEntity = { _, _ in nil }
        sax.resolveEntity = { _, _, _ in nil }
        sax.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<LibXML2PushParser>.fromOpaque(context)._withUnsafeGuaranteedRef { parser in
                parser.record(error.pointee)
            }
        }

        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&sax, userData, nil, 0, part) else {
            throw XLSXError(.malformedXML, "cannot start an XML parser for \(XLSXError.shown(part))", part: part)
        }
        self.context = context
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        xmlCtxtUseOptions(context, Int32(options))
    }

    deinit {
        guard let context else { return }
        // libxml2 makes a document for SAX-only parsers as it reads an entity declaration
        // (to record the entity, before the handler refuses it); the context does not own it.
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(context)
        attributes.deallocate()
    }

    /// libxml2's five pointers per attribute (local name, prefix, namespace URI, value start,
    /// value end) as `XMLAttributes`.
    private func converted(_ raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) -> XMLAttributes {
        guard let raw, count > 0 else { return .none }
        if count > attributeCapacity {
            attributes.deallocate()
            attributeCapacity = count
            attributes = .allocate(capacity: count)
        }
        var kept = 0
        for index in 0..<count {
            let fields = raw + index * 5
            guard let name = fields[0] else { continue }
            var value: UnsafePointer<UInt8>?
            var valueCount = 0
            if let start = fields[3], let end = fields[4], end >= start {
                value = start
                valueCount = end - start
            }
            attributes[kept] = XMLAttribute(name: name, nameCount: XMLName(cString: name).count,
                                            value: value, valueCount: valueCount, namespaced: fields[2] != nil)
            kept += 1
        }
        return XMLAttributes(base: attributes, count: kept, ampersandsAsReferences: true)
    }

    /// Parses the next bytes of the part.
    func feed(_ bytes: UnsafeRawBufferPointer) throws {
        var remaining = bytes
        while !remaining.isEmpty {
            let count = min(remaining.count, 1 << 30)
            try parse(UnsafeRawBufferPointer(rebasing: remaining[..<count]), terminate: false)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[count...])
        }
    }

    /// Tells the parser the part is complete; throws if the document is unfinished.
    func finish() throws {
        try parse(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, terminate: Bool) throws {
        if let failure { throw failure }
        guard let context else { return }
        if !bytes.isEmpty { try scanner.scan(bytes, part: part) }
        let chunk = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        xmlParseChunk(context, chunk, Int32(bytes.count), terminate ? 1 : 0)
        if let failure { throw failure }
        if context.pointee.wellFormed == 0 {
            throw firstError ?? XLSXError.libxml2(xmlCtxtGetLastError(context)?.pointee, part: part)
        }
    }

    private func stop(with error: XLSXError) {
        if failure == nil { failure = error }
        if let context { xmlStopParser(context) }
    }

    private func refuseEntity(named name: UnsafePointer<xmlChar>?) {
        let shown = name.map { XLSXError.quoted(String(cString: $0)) } ?? "\"?\""
        stop(with: XLSXError(.entityDeclaration,
            "\(XLSXError.shown(part)) declares the XML entity \(shown); entity declarations are refused "
            + "(they can expand into gigabytes)", part: part))
    }

    private func refuseAttributeDeclaration(for element: UnsafePointer<xmlChar>?) {
        let shown = element.map { XLSXError.shown(String(cString: $0)) } ?? "?"
        stop(with: XLSXError(.attributeDeclaration,
            "\(XLSXError.shown(part)) declares default attributes for <\(shown)> in a DTD; attribute "
            + "declarations are refused (they add attributes to every such element)", part: part))
    }

    private func record(_ error: xmlError) {
        guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        firstError = XLSXError.libxml2(error, part: part)
    }
}
