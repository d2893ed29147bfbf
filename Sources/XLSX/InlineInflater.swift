/// Inflates one zip entry on the calling thread, a chunk at a time: for a part too small for a
/// background thread to pay for itself (starting one costs more than inflating a few dozen
/// kilobytes), and for the reader benchmark's single-threaded phases. Owns its buffer.
final class InlineInflater {
    private let reader: ZipEntryReader
    private let buffer: UnsafeMutableRawBufferPointer

    /// Opens `entry` of `archive` on the archive's own handle (the caller's thread).
    init(archive: ZipArchive, entry: ZipEntry, chunkSize: Int = 1 << 16) throws {
        reader = try ZipEntryReader(archive: archive, entry: entry)
        // A part smaller than a chunk comes in one read (with the byte that tells it ends).
        let size = Int(clamping: min(Int64(chunkSize), max(entry.uncompressedSize + 1, 4096)))
        buffer = .allocate(byteCount: size, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The next inflated chunk, valid until the following call; nil at the end of the entry.
    func nextChunk() throws -> UnsafeRawBufferPointer? {
        let count = try reader.read(into: buffer)
        return count == 0 ? nil : UnsafeRawBufferPointer(rebasing: buffer[..<count])
    }
}
