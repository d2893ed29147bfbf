/// Ceilings that protect a reader from zip bombs.
public struct WorkbookLimits: Sendable, Equatable {
    /// The most bytes any one zip entry may inflate to, as its header declares them (no entry is
    /// inflated past its declared size). Sheets are streamed, never held, so this bounds the time
    /// a hostile file can take rather than memory: 2 GiB holds a sheet of Excel's 1,048,576 rows
    /// of the catalogue's columns with room to spare (a million-row exercises sheet is 1.1 GiB).
    public var maxUncompressedSize: Int64
    /// The highest uncompressed ÷ compressed size ratio accepted for an entry.
    public var maxCompressionRatio: Double

    public init(maxUncompressedSize: Int64 = 2 << 30, maxCompressionRatio: Double = 1000) {
        self.maxUncompressedSize = maxUncompressedSize
        self.maxCompressionRatio = maxCompressionRatio
    }

    /// 2 GiB per entry, 1000:1 compression ratio.
    public static let `default` = WorkbookLimits()
}
