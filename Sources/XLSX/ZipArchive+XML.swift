extension ZipArchive {
    /// Streams the entry `part` through a SAX push parser into `handler`.
    ///
    /// - Parameter chunkSize: inflated bytes handed to the parser per call.
    func parseXML(part: String, into handler: some XMLContentHandler, chunkSize: Int = 1 << 16) throws {
        guard let entry = entry(named: part) else {
            throw XLSXError(.missingPart, "the workbook has no part \(XLSXError.shown(part))", part: part)
        }
        let inflater = try InlineInflater(archive: self, entry: entry, chunkSize: chunkSize)
        let parser = XMLPushParser(part: part, handler: handler, sizeHint: entry.uncompressedSize)
        while let chunk = try inflater.nextChunk() {
            try parser.feed(chunk)
        }
        try parser.finish()
    }

    /// The relationships of `part` (`""` for the package root).
    ///
    /// A missing `.rels` part throws `zip.missing_part` when `required`, else gives none.
    func relationships(of part: String, required: Bool) throws -> [Relationship] {
        let relsPart = part.isEmpty ? PartPath.rootRelationships : PartPath.relationships(of: part)
        guard entry(named: relsPart) != nil else {
            if !required { return [] }
            let owner = part.isEmpty ? "the package" : XLSXError.shown(part)
            throw XLSXError(.missingPart,
                "the workbook has no part \(XLSXError.shown(relsPart)) (the relationships of \(owner))", part: relsPart)
        }
        let parser = RelationshipsParser(source: part)
        try parseXML(part: relsPart, into: parser)
        return parser.relationships
    }
}
