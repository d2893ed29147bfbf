/// The reader's work on one sheet, a phase at a time, all on the calling thread, for the reader
/// benchmark (`xlsx-bench`) to time: each phase does the one before it and one step more.
package enum ReaderPhase: CaseIterable, Sendable {
    /// Inflating the part, nothing else: the floor.
    case inflate
    /// Inflating and parsing with libxml2's SAX parser into callbacks that do nothing.
    case libxml2Parse
    /// Inflating and parsing with `XMLTokenizer` into a handler that does nothing.
    case parse
    /// Inflating, parsing, and typing the cells into batches, as `traindb xlsx dump` reads them.
    case decode

    /// Runs the phase over `sheet` of `workbook`; returns a count that depends on every byte
    /// (bytes inflated, elements parsed, cells decoded), so that no work can be skipped.
    package func run(on workbook: Workbook, sheet: SheetInfo) throws -> Int {
        let archive = workbook.archive
        guard let entry = archive.entry(named: sheet.partPath) else {
            throw XLSXError(.missingPart, "the workbook has no part \(XLSXError.shown(sheet.partPath))",
                            part: sheet.partPath)
        }
        switch self {
        case .inflate:
            let inflater = try InlineInflater(archive: archive, entry: entry)
            var bytes = 0
            while let chunk = try inflater.nextChunk() { bytes += chunk.count }
            return bytes
        case .libxml2Parse:
            let counter = ElementCounter()
            let parser = try LibXML2PushParser(part: entry.name, handler: counter)
            let inflater = try InlineInflater(archive: archive, entry: entry)
            while let chunk = try inflater.nextChunk() { try parser.feed(chunk) }
            try parser.finish()
            return counter.elements
        case .parse:
            let counter = ElementCounter()
            let parser = XMLPushParser(part: entry.name, handler: counter, sizeHint: entry.uncompressedSize)
            let inflater = try InlineInflater(archive: archive, entry: entry)
            while let chunk = try inflater.nextChunk() { try parser.feed(chunk) }
            try parser.finish()
            return counter.elements
        case .decode:
            let cursor = try workbook.batchCursor(for: sheet, inflatingAhead: false)
            var cells = 0
            while let batch = try cursor.nextBatch(rows: 512) { cells += batch.cells.count }
            return cells
        }
    }
}

/// Counts start tags and does nothing else: the parsers' own cost.
private final class ElementCounter: XMLContentHandler {
    var elements = 0

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) { elements += 1 }
    func endElement(_ name: XMLName) throws(XLSXError) {}
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
