/// Ceilings that protect a reader from zip bombs.
public struct WorkbookLimits: Sendable, Equatable {
    /// The most bytes any one zip entry may inflate to, as its header declares them (no entry is
    /// inflated past its declared size).
    public var maxUncompressedSize: Int64
    /// The highest uncompressed ÷ compressed size ratio accepted for an entry.
    public var maxCompressionRatio: Double

    public init(maxUncompressedSize: Int64 = 1 << 30, maxCompressionRatio: Double = 1000) {
        self.maxUncompressedSize = maxUncompressedSize
        self.maxCompressionRatio = maxCompressionRatio
    }

    /// 1 GiB per entry, 1000:1 compression ratio.
    public static let `default` = WorkbookLimits()
}
