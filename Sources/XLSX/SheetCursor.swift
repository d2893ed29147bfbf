/// Streams the rows of one worksheet. The part is parsed a chunk at a time as rows are asked
/// for (a background thread inflates a few chunks ahead), so memory holds the shared strings,
/// a few 64 KiB chunks and the rows of one chunk.
///
/// Rows come in file order with their 1-based numbers; rows without any non-blank cell are
/// skipped. After an error, `next()` keeps throwing that error.
public final class SheetCursor {
    public let sheet: SheetInfo

    private let inflater: BackgroundInflater
    private let parser: XMLPushParser
    private let content: SheetParser
    private var deliveredCount = 0
    private var reachedEnd = false
    private var failure: (any Error)?

    init(sheet: SheetInfo, archive: ZipArchive, content: SheetParser) throws {
        self.sheet = sheet
        self.content = content
        guard let entry = archive.entry(named: sheet.partPath) else {
            throw XLSXError(.missingPart,
                "the worksheet part \(XLSXError.shown(sheet.partPath)) of sheet \(XLSXError.quoted(sheet.name)) "
                + "is missing", part: sheet.partPath)
        }
        // Opening the entry checks its declared size and ratio before the thread starts.
        inflater = try BackgroundInflater(archive: archive, entry: entry)
        parser = try XMLPushParser(part: sheet.partPath, handler: content)
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
}
