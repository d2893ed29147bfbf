import CLibZip

/// Streams one zip entry's inflated bytes, counting them against the archive's limits as they
/// come (a header can lie about the size). Owns the `zip_file_t`.
public final class ZipEntryReader {
    public let entry: ZipEntry
    /// Inflated bytes delivered so far.
    public private(set) var bytesRead: Int64 = 0

    private let archive: ZipArchive
    private let handle: OpaquePointer
    private let limits: WorkbookLimits

    init(archive: ZipArchive, entry: ZipEntry) throws {
        self.archive = archive
        self.entry = entry
        self.limits = archive.limits
        try Self.checkLimits(entry: entry, size: entry.uncompressedSize, declared: true,
                             limits: limits)
        guard let handle = zip_fopen_index(archive.handle, entry.index, 0) else {
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(archive.handle)), entry: entry.name)
        }
        self.handle = handle
    }

    deinit { zip_fclose(handle) }

    /// Fills `buffer` with the next inflated bytes; returns how many, 0 at the end of the entry.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = zip_fread(handle, base, UInt64(buffer.count))
        guard count >= 0 else {
            throw XLSXError.libzip(zip_error_code_zip(zip_file_get_error(handle)), entry: entry.name)
        }
        bytesRead += count
        try Self.checkLimits(entry: entry, size: bytesRead, declared: false,
                             limits: limits)
        return Int(count)
    }

    private static func checkLimits(
        entry: ZipEntry, size: Int64, declared: Bool, limits: WorkbookLimits
    ) throws {
        let how = declared ? "declares" : "inflates to"
        if size > limits.maxUncompressedSize {
            throw XLSXError(.entryTooLarge,
                "\(XLSXError.shown(entry.name)) \(how) more than \(XLSXError.byteCount(limits.maxUncompressedSize)) "
                + "(\(XLSXError.byteCount(size))); refused as a possible zip bomb",
                part: entry.name)
        }
        guard size > 0 else { return }
        let ratio = Double(size) / Double(max(entry.compressedSize, 0))
        if ratio > limits.maxCompressionRatio {
            throw XLSXError(.compressionRatio,
                "\(XLSXError.shown(entry.name)) \(how) a compression ratio of \(ratioText(ratio)):1, above the "
                + "\(ratioText(limits.maxCompressionRatio)):1 limit; refused as a possible zip bomb",
                part: entry.name)
        }
    }

    private static func ratioText(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio < 1e15 else { return "unbounded" }
        return String(Int64(ratio.rounded(.down)))
    }
}
