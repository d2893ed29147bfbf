/// Receives the SAX events of a worksheet part and hands them to a `SheetRowBuilder`.
///
/// The builder lives behind a pointer this class owns, so the per-event state changes carry
/// no dynamic exclusivity checks.
final class SheetParser: XMLContentHandler {
    private let builder: UnsafeMutablePointer<SheetRowBuilder>

    init(
        part: String, tables: WorkbookTables, sharedStringsByIndex: Bool = false, batching: Bool = false,
        marksPlainText: Bool = false
    ) {
        builder = .allocate(capacity: 1)
        builder.initialize(
            to: SheetRowBuilder(
                part: part, tables: tables, sharedStringsByIndex: sharedStringsByIndex, batching: batching,
                marksPlainText: marksPlainText))
    }

    deinit {
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// Rows completed since the consumer last drained them.
    var completedRows: [Row] {
        _read { yield builder.pointee.completedRows }
        _modify { yield &builder.pointee.completedRows }
    }

    /// For a batch cursor: rows completed since the consumer last took them.
    var batchedRowCount: Int { builder.pointee.batch.rows.count }

    /// For a batch cursor: the rows completed so far, leaving an empty batch (the cells of a
    /// row being read move to it).
    func takeBatch() -> CellBatch {
        builder.pointee.takeBatch()
    }

    @inline(__always)
    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        try builder.pointee.startElement(name, attributes: attributes)
    }

    @inline(__always)
    func endElement(_ name: XMLName) throws(XLSXError) {
        try builder.pointee.endElement(name)
    }

    @inline(__always)
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
        builder.pointee.characters(text)
    }
}
