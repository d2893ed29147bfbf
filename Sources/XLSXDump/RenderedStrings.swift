import XLSX

/// A workbook's shared strings, each rendered once the way the dump writes it (a JSON string,
/// a CSV field): a cell that refers to one is a copy of bytes, and the dump makes no string
/// per cell.
struct RenderedStrings {
    let strings: SharedStrings
    private var bytes: [UInt8] = []
    /// Where each rendering ends in `bytes`.
    private var ends: [Int] = []

    init(_ workbook: Workbook, render: (String, inout [UInt8]) -> Void) throws {
        strings = try workbook.sharedStrings()
        ends.reserveCapacity(strings.count)
        for string in strings {
            render(string, &bytes)
            ends.append(bytes.count)
        }
    }

    /// Appends the rendering of the shared string `index` (a cell's `sharedStringIndex`).
    @inline(__always)
    func append(_ index: Int32, to output: inout [UInt8]) {
        let index = Int(index)
        let start = index == 0 ? 0 : ends[index - 1]
        bytes.withUnsafeBufferPointer {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<ends[index]]))
        }
    }
}
