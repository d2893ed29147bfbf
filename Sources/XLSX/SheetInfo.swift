/// One sheet listed in `workbook.xml`: its tab name, visibility and the part holding its cells.
public struct SheetInfo: Sendable, Hashable {
    public let name: String
    public let state: SheetState
    /// The zip entry of the worksheet part, e.g. `xl/worksheets/sheet1.xml`.
    let partPath: String

    init(name: String, state: SheetState, partPath: String) {
        self.name = name
        self.state = state
        self.partPath = partPath
    }
}
