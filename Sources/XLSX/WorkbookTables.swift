/// The look-up tables every cell of a workbook reads: the shared strings and, per cell style,
/// the kind of its number format. Loaded once per workbook and shared by its cursors.
///
/// Owns flat buffers so the hot path indexes them without array bookkeeping.
final class WorkbookTables {
    let sharedStrings: UnsafeBufferPointer<String>
    let styleKinds: UnsafeBufferPointer<NumberFormatKind>
    let usesDate1904: Bool

    private let stringStorage: UnsafeMutableBufferPointer<String>
    private let styleStorage: UnsafeMutableBufferPointer<NumberFormatKind>

    init(sharedStrings: [String], styleKinds: [NumberFormatKind], usesDate1904: Bool) {
        stringStorage = .allocate(capacity: sharedStrings.count)
        _ = stringStorage.initialize(from: sharedStrings)
        styleStorage = .allocate(capacity: styleKinds.count)
        _ = styleStorage.initialize(from: styleKinds)
        self.sharedStrings = UnsafeBufferPointer(stringStorage)
        self.styleKinds = UnsafeBufferPointer(styleStorage)
        self.usesDate1904 = usesDate1904
    }

    deinit {
        stringStorage.deinitialize().deallocate()
        styleStorage.deinitialize().deallocate()
    }
}
