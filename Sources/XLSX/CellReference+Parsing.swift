extension CellReference {
    /// Excel's largest sheet: 1,048,576 rows by 16,384 columns (XFD).
    public static let maxRow = 1_048_576
    public static let maxColumn = 16_384

    /// Parses an A1-style reference such as `B7` or `XFD1048576` (letters in either case,
    /// optional `$` anchors), or nil when it is not one or lies outside Excel's grid.
    public init?(a1 text: String) {
        var bytes = Array(text.utf8)
        bytes.removeAll { $0 == UInt8(ascii: "$") }
        guard let parsed = bytes.withUnsafeBufferPointer({ Self.parse($0) }),
              let row = parsed.row else { return nil }
        self.init(row: row, column: parsed.column)
    }

    /// Parses the `r` attribute of a cell: column letters, then optionally the row digits.
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (column: Int, row: Int?)? {
        var index = 0
        var column = 0
        while index < bytes.count {
            let letter = bytes[index] | 0x20  // ASCII lower case
            guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") else { break }
            // Checked on every letter, so it cannot overflow.
            column = column &* 26 &+ Int(letter &- UInt8(ascii: "a") &+ 1)
            guard column <= maxColumn else { return nil }
            index += 1
        }
        guard column > 0 else { return nil }
        if index == bytes.count { return (column, nil) }
        var row = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            row = row &* 10 &+ Int(digit)
            guard row <= maxRow else { return nil }
            index += 1
        }
        guard row > 0 else { return nil }
        return (column, row)
    }
}
