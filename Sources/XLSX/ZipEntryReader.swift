import CLibZip

/// Streams one zip entry's inflated bytes. The size its header declares is checked against
/// the archive's limits before anything is inflated, and no more than that size is ever
/// inflated: an entry that runs past it (a header can lie) is refused as corrupt at once.
/// Owns the `zip_file_t`.
public final class ZipEntryReader {
    public let entry: ZipEntry
    /// Inflated bytes delivered so far.
    public private(set) var bytesRead: Int64 = 0

    private let archive: ZipArchive
    private let handle: OpaquePointer
    /// The lease of a background reader's handle: released after the entry is closed.
    private let lease: HandleLease?

    init(archive: ZipArchive, entry: ZipEntry, lease: HandleLease? = nil) throws {
        self.archive = archive
        self.entry = entry
        self.lease = lease
        try Self.checkLimits(entry: entry, limits: archive.limits)
        guard let handle = zip_fopen_index(archive.handle, entry.index, 0) else {
            throw XLSXError.libzip(zip_get_error(archive.handle), entry: entry.name)
        }
        self.handle = handle
    }

    deinit { zip_fclose(handle) }

    /// Fills `buffer` with the next inflated bytes; returns how many, 0 at the end of the entry.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        // One byte past the declared size is enough to tell an entry that runs on.
        let allowed = max(0, entry.uncompressedSize - bytesRead) + 1
        let count = zip_fread(handle, base, UInt64(min(Int64(buffer.count), allowed)))
        guard count >= 0 else {
            throw XLSXError.libzip(zip_file_get_error(handle), entry: entry.name)
        }
        bytesRead += count
        if bytesRead > entry.uncompressedSize {
            throw XLSXError(.corruptZip,
                "\(XLSXError.shown(entry.name)) inflates past the \(entry.uncompressedSize) bytes its header "
                + "declares; the zip is damaged or forged, and was not read further", part: entry.name)
        }
        return Int(count)
    }

    private static func checkLimits(entry: ZipEntry, limits: WorkbookLimits) throws {
        let size = entry.uncompressedSize
        if size > limits.maxUncompressedSize {
            throw XLSXError(.entryTooLarge,
                "\(XLSXError.shown(entry.name)) declares more than \(XLSXError.byteCount(limits.maxUncompressedSize)) "
                + "(\(XLSXError.byteCount(size))); refused as a possible zip bomb",
                part: entry.name)
        }
        guard size > 0 else { return }
        let ratio = Double(size) / Double(max(entry.compressedSize, 0))
        if ratio > limits.maxCompressionRatio {
            throw XLSXError(.compressionRatio,
                "\(XLSXError.shown(entry.name)) declares a compression ratio of \(ratioText(ratio)):1, above the "
                + "\(ratioText(limits.maxCompressionRatio)):1 limit; refused as a possible zip bomb",
                part: entry.name)
        }
    }

    private static func ratioText(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio < 1e15 else { return "unbounded" }
        return String(Int64(ratio.rounded(.down)))
    }
}
