#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inflates one zip entry on a background thread, a few chunks ahead of the XML parser, so
/// decompression and parsing overlap on two cores. Owns the thread: dropping the inflater
/// stops the thread and waits for it, whether or not anyone called `cancel()`.
///
/// The entry is read through a handle of its own on the archive (libzip handles are not
/// shared across threads), lent by the archive and given back when the entry is closed.
/// Memory stays bounded: `depth` chunks of `chunkSize` bytes.
final class BackgroundInflater {
    /// The chunks and their lock, shared with the thread.
    let ring: InflatedChunkRing
    private var thread: pthread_t?

    /// Chunks held ready unless the caller asks for another number.
    static let defaultDepth = 4

    /// Opens `entry` of `archive` on a handle of its own and starts inflating it.
    init(
        archive: ZipArchive, entry expected: ZipEntry, chunkSize: Int = 1 << 16,
        depth: Int = BackgroundInflater.defaultDepth
    ) throws {
        let (own, lease) = try archive.leaseHandle()
        guard let entry = own.entry(named: expected.name) else {
            throw XLSXError(.missingPart, "the workbook has no part \(XLSXError.shown(expected.name))",
                            part: expected.name)
        }
        guard entry.uncompressedSize == expected.uncompressedSize,
              entry.compressedSize == expected.compressedSize else {
            throw XLSXError(.corruptZip,
                "the file changed while it was being read (part \(XLSXError.shown(entry.name)))", part: entry.name)
        }
        ring = InflatedChunkRing(reader: try ZipEntryReader(archive: own, entry: entry, lease: lease),
                                 chunkSize: chunkSize, depth: depth)
        thread = try Self.start(ring)
    }

    deinit { cancel() }

    /// The next inflated chunk, valid until the following call; nil at the end of the entry.
    /// Rethrows a read error (limits, damage) after the chunks that came before it.
    func nextChunk() throws -> UnsafeRawBufferPointer? {
        try ring.nextChunk()
    }

    /// Stops the background thread and waits for it. Safe to call more than once.
    func cancel() {
        ring.cancel()
        guard let running = thread else { return }
        thread = nil
        pthread_join(running, nil)
    }

    /// Starts the thread that fills `ring`; the thread holds the ring until it returns.
    private static func start(_ ring: InflatedChunkRing) throws -> pthread_t {
        try ReaderThread.start(reading: ring.entry.name) { ring.produce() }
    }
}
