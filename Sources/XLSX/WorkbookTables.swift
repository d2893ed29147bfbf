/// The look-up tables every cell of a workbook reads: the shared strings and, per cell style,
/// the kind of its number format. Loaded once per workbook and shared by its cursors.
///
/// Owns flat buffers so the hot path indexes them without array bookkeeping.
final class WorkbookTables {
    let sharedStrings: SharedStrings
    let styleKinds: UnsafeBufferPointer<NumberFormatKind>
    let usesDate1904: Bool

    private let styleStorage: UnsafeMutableBufferPointer<NumberFormatKind>

    init(sharedStrings: SharedStrings, styleKinds: [NumberFormatKind], usesDate1904: Bool) {
        styleStorage = .allocate(capacity: styleKinds.count)
        _ = styleStorage.initialize(from: styleKinds)
        self.sharedStrings = sharedStrings
        self.styleKinds = UnsafeBufferPointer(styleStorage)
        self.usesDate1904 = usesDate1904
    }

    deinit {
        styleStorage.deinitialize().deallocate()
    }
}
