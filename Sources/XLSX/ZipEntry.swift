/// One file inside a zip archive, as its central directory declares it.
public struct ZipEntry: Sendable, Hashable {
    /// The name as stored in the archive (`xl/worksheets/sheet1.xml`).
    public let name: String
    /// Declared uncompressed size in bytes.
    public let uncompressedSize: Int64
    /// Declared compressed size in bytes.
    public let compressedSize: Int64
    let index: UInt64
}
