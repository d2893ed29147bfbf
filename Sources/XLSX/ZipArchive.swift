import CLibZip
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip file opened read-only through libzip, from a path or from bytes in memory, with
/// entries looked up case-insensitively and with either `/` or `\` as separator. Owns the
/// `zip_t`.
public final class ZipArchive {
    /// The path the archive was opened from, used in messages; nil for bytes in memory.
    public let path: String?
    public let limits: WorkbookLimits
    /// Every entry, in central-directory order.
    public let entries: [ZipEntry]

    let handle: OpaquePointer
    private let entryByKey: [String: Int]
    /// The bytes a memory archive reads, kept alive while any handle on them is open.
    private let memory: ZipMemory?
    /// Handles of background readers that finished, for the next reader to take: a workbook
    /// opens (and libzip reads the central directory of) one more handle, not one per sheet.
    private let spares = SpareHandles()

    /// Opens the zip file at `path`.
    public convenience init(path: String, limits: WorkbookLimits = .default) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw XLSXError(.fileNotFound, "no such file")
            }
            throw XLSXError(.fileUnreadable, "cannot read the file: \(String(cString: strerror(code)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw XLSXError(.fileUnreadable, "not a regular file")
        }
        guard status.st_size > 0 else {
            throw XLSXError(.emptyFile, "the file is empty (0 bytes), not an xlsx workbook")
        }
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_RDONLY, &code) else {
            throw Self.openFailure(code, leadingBytes: Self.leadingBytes(of: path))
        }
        self.init(handle: handle, path: path, memory: nil, limits: limits)
    }

    /// Opens a zip held in memory (`Data`, `[UInt8]`, any bytes), with the same checks and
    /// errors as a file. The bytes are copied once.
    public convenience init(bytes: some Sequence<UInt8>, limits: WorkbookLimits = .default) throws {
        let memory = ZipMemory(copying: bytes)
        guard memory.bytes.count > 0 else {
            throw XLSXError(.emptyFile, "the workbook is empty (0 bytes), not an xlsx workbook")
        }
        self.init(handle: try Self.open(memory), path: nil, memory: memory, limits: limits)
    }

    /// Another handle on an archive already indexed: the index is the same (the same file or
    /// bytes, read through the same central directory), so it is shared, not built again.
    private init(handle: OpaquePointer, sharingIndexOf archive: ZipArchive) {
        self.handle = handle
        path = archive.path
        memory = archive.memory
        limits = archive.limits
        entries = archive.entries
        entryByKey = archive.entryByKey
    }

    private init(handle: OpaquePointer, path: String?, memory: ZipMemory?, limits: WorkbookLimits) {
        self.handle = handle
        self.path = path
        self.memory = memory
        self.limits = limits
        var entries: [ZipEntry] = []
        var entryByKey: [String: Int] = [:]
        let count = max(0, zip_get_num_entries(handle, 0))
        entries.reserveCapacity(Int(count))
        for index in 0..<UInt64(count) {
            var info = zip_stat_t()
            guard zip_stat_index(handle, index, 0, &info) == 0, let rawName = info.name else { continue }
            let entry = ZipEntry(
                name: String(cString: rawName),
                uncompressedSize: (info.valid & UInt64(ZIP_STAT_SIZE)) != 0 ? Self.clamped(info.size) : 0,
                compressedSize: (info.valid & UInt64(ZIP_STAT_COMP_SIZE)) != 0 ? Self.clamped(info.comp_size) : 0,
                index: index)
            let key = Self.lookupKey(entry.name)
            if entryByKey[key] == nil { entryByKey[key] = entries.count }
            entries.append(entry)
        }
        self.entries = entries
        self.entryByKey = entryByKey
    }

    deinit { zip_discard(handle) }

    /// A handle of its own for a reader on another thread (a libzip handle must not be used by
    /// two threads at once): a spare one a finished reader gave back, or a new one. The lease
    /// gives it back when released, after the reader holding it has closed its entry.
    func leaseHandle() throws -> (archive: ZipArchive, lease: HandleLease) {
        if let spare = spares.take() { return (spare, HandleLease(archive: spare, spares: spares)) }
        let archive = try reopened()
        handlesOpened += 1
        return (archive, HandleLease(archive: archive, spares: spares))
    }

    /// How many handles background readers opened on this archive (tests check that sheets
    /// read one after another share one).
    private(set) var handlesOpened = 0

    /// Another handle on the same archive, sharing its index (the same file or bytes, read
    /// through the same central directory). A file whose entry count changed since (replaced
    /// while being read) gets its own index, which the reader's size check then refuses.
    private func reopened() throws -> ZipArchive {
        let handle: OpaquePointer
        if let memory {
            handle = try Self.open(memory)
        } else {
            guard let path else { throw XLSXError(.fileUnreadable, "the archive has neither a path nor bytes") }
            var code: Int32 = 0
            guard let opened = zip_open(path, ZIP_RDONLY, &code) else {
                throw Self.openFailure(code, leadingBytes: Self.leadingBytes(of: path))
            }
            handle = opened
        }
        guard zip_get_num_entries(handle, 0) == Int64(entries.count) else {
            return ZipArchive(handle: handle, path: path, memory: memory, limits: limits)
        }
        return ZipArchive(handle: handle, sharingIndexOf: self)
    }

    /// The entry called `name`, ignoring case, a leading `/`, and `\` versus `/`.
    public func entry(named name: String) -> ZipEntry? {
        entryByKey[Self.lookupKey(name)].map { entries[$0] }
    }

    /// Opens `name` for streaming, refusing it up front when its declared size or compression
    /// ratio passes the limits.
    public func openEntry(named name: String) throws -> ZipEntryReader {
        guard let entry = entry(named: name) else {
            throw XLSXError(.missingPart, "the workbook has no part \(XLSXError.shown(name))", part: name)
        }
        return try ZipEntryReader(archive: self, entry: entry)
    }

    /// Reads a whole (small) entry into memory, within the limits.
    func contents(of name: String) throws -> [UInt8] {
        let reader = try openEntry(named: name)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(reader.entry.uncompressedSize, 1 << 24)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    static func lookupKey(_ name: String) -> String {
        // ASCII names (nearly all) byte by byte; a workbook of 2,000 sheets has 4,000 entries.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var key: [UInt8] = []
            key.reserveCapacity(name.utf8.count)
            for byte in name.utf8 {
                let separated = byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte
                if key.isEmpty && separated == UInt8(ascii: "/") { continue }
                let isUpper = separated >= UInt8(ascii: "A") && separated <= UInt8(ascii: "Z")
                key.append(isUpper ? separated | 0x20 : separated)
            }
            return String(decoding: key, as: UTF8.self)
        }
        var key = name.replacingBackslashes()
        while key.hasPrefix("/") { key.removeFirst() }
        return key.lowercased()
    }

    private static func clamped(_ value: UInt64) -> Int64 {
        value > UInt64(Int64.max) ? Int64.max : Int64(value)
    }

    /// A libzip handle reading `memory`; the handle does not own the bytes.
    private static func open(_ memory: ZipMemory) throws -> OpaquePointer {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let base = memory.bytes.baseAddress,
              let source = zip_source_buffer_create(base, UInt64(memory.bytes.count), 0, &error) else {
            throw openFailure(zip_error_code_zip(&error), leadingBytes: Array(memory.bytes.prefix(4)))
        }
        guard let handle = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw openFailure(zip_error_code_zip(&error), leadingBytes: Array(memory.bytes.prefix(4)))
        }
        return handle
    }

    /// Why a zip could not be opened, told apart by how its bytes start.
    private static func openFailure(_ code: Int32, leadingBytes magic: [UInt8]) -> XLSXError {
        XLSXError.libzip(code,
                         startsLikeZip: magic.starts(with: [0x50, 0x4B, 0x03, 0x04]),
                         looksLikeCompoundFile: magic.starts(with: [0xD0, 0xCF, 0x11, 0xE0]))
    }

    /// The first four bytes of the file (fewer if it is shorter), to explain a refusal.
    private static func leadingBytes(of path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 4)
        let count = fread(&bytes, 1, 4, file)
        return Array(bytes.prefix(count))
    }
}

/// Handles a workbook's background readers have finished with.
final class SpareHandles: @unchecked Sendable {
    private let lock = NSLock()
    private var handles: [ZipArchive] = []

    func take() -> ZipArchive? {
        lock.withLock { handles.popLast() }
    }

    func giveBack(_ archive: ZipArchive) {
        lock.withLock { handles.append(archive) }
    }
}

/// A handle lent to one reader; released (by the reader, after it closed its entry), it goes
/// back to the workbook's spares.
final class HandleLease {
    private let archive: ZipArchive
    private let spares: SpareHandles

    init(archive: ZipArchive, spares: SpareHandles) {
        self.archive = archive
        self.spares = spares
    }

    deinit { spares.giveBack(archive) }
}
