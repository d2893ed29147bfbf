/// Streams the rows of one worksheet. The part is parsed a chunk at a time as rows are asked
/// for (for a part over `inflateAheadSize`, a background thread inflates a few chunks ahead),
/// so memory holds the shared strings, a few 64 KiB chunks and the rows of one chunk.
///
/// Rows come in file order with their 1-based numbers; rows without any non-blank cell are
/// skipped. After an error, `next()` keeps throwing that error.
public final class SheetCursor {
    public let sheet: SheetInfo

    private let inflater: ChunkSource
    private let parser: XMLPushParser<SheetParser>
    private let content: SheetParser
    private var deliveredCount = 0
    private var reachedEnd = false
    private var failure: (any Error)?

    /// Where the inflated chunks come from.
    enum ChunkSource {
        case ahead(BackgroundInflater)
        case inline(InlineInflater)

        func nextChunk() throws -> UnsafeRawBufferPointer? {
            switch self {
            case .ahead(let inflater): try inflater.nextChunk()
            case .inline(let inflater): try inflater.nextChunk()
            }
        }
    }

    /// Parts that inflate to more than this are inflated on a thread of their own; smaller ones
    /// on the caller's (a thread costs more than it saves on a few dozen kilobytes, and a
    /// workbook of 2,000 small sheets would start 2,000 threads).
    static let inflateAheadSize: Int64 = 1 << 18

    /// - Parameters:
    ///   - inflatingAhead: whether a background thread inflates the part; by default, when it
    ///     is larger than `inflateAheadSize`.
    ///   - chunksAhead: how many inflated chunks that thread may hold ready (by default the
    ///     inflater's own number).
    init(
        sheet: SheetInfo, archive: ZipArchive, content: SheetParser, inflatingAhead: Bool? = nil,
        chunksAhead: Int? = nil
    ) throws {
        self.sheet = sheet
        self.content = content
        guard let entry = archive.entry(named: sheet.partPath) else {
            throw XLSXError(
                .missingPart,
                "the worksheet part \(XLSXError.shown(sheet.partPath)) of sheet \(XLSXError.quoted(sheet.name)) "
                    + "is missing", part: sheet.partPath)
        }
        // Opening the entry checks its declared size and ratio before any thread starts.
        if inflatingAhead ?? (entry.uncompressedSize > Self.inflateAheadSize) {
            inflater = .ahead(
                try BackgroundInflater(
                    archive: archive, entry: entry, depth: chunksAhead ?? BackgroundInflater.defaultDepth))
        } else {
            inflater = .inline(try InlineInflater(archive: archive, entry: entry))
        }
        parser = XMLPushParser(part: sheet.partPath, handler: content, sizeHint: entry.uncompressedSize)
    }

    /// For a batch cursor (`Workbook.batchCursor(for:)`): the next rows with at least one
    /// non-blank cell, `rows` of them or a few more (the rest of a chunk), fewer at the end of
    /// the sheet; nil after the last. After an error, keeps throwing it; the rows read since
    /// the last batch are not handed over.
    package func nextBatch(rows: Int) throws -> CellBatch? {
        if let failure { throw failure }
        while content.batchedRowCount < rows && !reachedEnd { try feedNextChunk() }
        let batch = content.takeBatch()
        return batch.rows.isEmpty && reachedEnd ? nil : batch
    }

    /// For a batch cursor read ahead (`RowsAhead`): the rows the next inflated chunk completes
    /// (perhaps none), nil after the last. The rows are those `next()` of a row cursor gives,
    /// and so is an error: the rows of the chunk that fails are not handed over, and the error
    /// repeats.
    package func nextChunkBatch() throws -> CellBatch? {
        if let failure { throw failure }
        if reachedEnd { return nil }
        do {
            try feedNextChunk()
        } catch {
            _ = content.takeBatch()
            throw error
        }
        return content.takeBatch()
    }

    /// The next row with at least one non-blank cell, or nil after the last.
    public func next() throws -> Row? {
        if let failure { throw failure }
        while true {
            if deliveredCount < content.completedRows.count {
                deliveredCount += 1
                return content.completedRows[deliveredCount - 1]
            }
            content.completedRows.removeAll(keepingCapacity: true)
            deliveredCount = 0
            if reachedEnd { return nil }
            try feedNextChunk()
        }
    }

    /// Feeds the parser the next inflated chunk, or ends the part after the last; an error is
    /// kept, so that every later call throws it, and thrown.
    private func feedNextChunk() throws {
        do {
            if let chunk = try inflater.nextChunk() {
                try parser.feed(chunk)
            } else {
                reachedEnd = true
                try parser.finish()
            }
        } catch {
            failure = error
            throw error
        }
    }
}
