import CLibZip
import XLSX
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a zip file (or zip bytes in memory) through libzip. Entries are written when the
/// writer is closed; every entry carries the same fixed modification time, so the same
/// entries give the same bytes. Owns the `zip_t` (and, in memory, the `zip_source_t`).
///
/// Any entry name and content may be written, which lets tests hand-craft odd packages.
public final class ZipWriter {
    public enum Compression: Sendable, Equatable {
        case store
        /// Deflate at `level` 1 (fastest) … 9 (smallest).
        case deflate(level: Int)

        public static let deflate = Compression.deflate(level: 6)
    }

    /// 2020-01-01 12:00:00 UTC, stamped on every entry.
    public static let fixedModificationTime = 1_577_880_000

    private let handle: OpaquePointer
    private let memory: OpaquePointer?
    private let destination: String
    private var isClosed = false

    /// Starts a zip file at `path`, replacing any file there.
    public init(path: String) throws {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw XLSXError.libzip(code, writing: path)
        }
        self.handle = handle
        memory = nil
        destination = path
    }

    /// Starts a zip in memory; get its bytes with `finishData()`.
    public init() throws {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw XLSXError.libzip(zip_error_code_zip(&error), writing: "memory")
        }
        guard let handle = zip_open_from_source(source, ZIP_TRUNCATE, &error) else {
            zip_source_free(source)
            throw XLSXError.libzip(zip_error_code_zip(&error), writing: "memory")
        }
        // Keep the buffer alive past zip_close, to read the finished archive from it.
        zip_source_keep(source)
        self.handle = handle
        memory = source
        destination = "memory"
    }

    deinit {
        if !isClosed { zip_discard(handle) }
        if let memory { zip_source_free(memory) }
    }

    /// Adds an entry holding `bytes`.
    public func add(_ name: String, bytes: [UInt8], compression: Compression = .deflate) throws {
        let size = bytes.count
        guard let copy = malloc(max(size, 1)) else {
            throw XLSXError(.writeFailed, "out of memory adding \(name) to \(destination)", part: name)
        }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: size) } }
        // libzip frees the copy (freep = 1) once the archive is written.
        guard let source = zip_source_buffer(handle, copy, UInt64(size), 1) else {
            free(copy)
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(handle)), writing: destination, entry: name)
        }
        try add(name, source: source, compression: compression)
    }

    /// Adds an entry holding `text` as UTF-8.
    public func add(_ name: String, text: String, compression: Compression = .deflate) throws {
        try add(name, bytes: Array(text.utf8), compression: compression)
    }

    /// Adds an entry whose content is the file at `sourcePath`, read when the writer closes
    /// (so a large entry is streamed, not held in memory). The file must stay until then.
    public func addFile(_ name: String, contentsOf sourcePath: String, compression: Compression = .deflate) throws {
        guard let source = zip_source_file(handle, sourcePath, 0, -1) else {
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(handle)), writing: destination, entry: name)
        }
        try add(name, source: source, compression: compression)
    }

    /// Writes the zip file.
    public func close() throws {
        guard !isClosed else { return }
        guard zip_close(handle) == 0 else {
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(handle)), writing: destination)
        }
        isClosed = true
    }

    /// Finishes an in-memory zip and returns its bytes.
    public func finishData() throws -> [UInt8] {
        try close()
        guard let memory else {
            throw XLSXError(.writeFailed, "the zip was written to \(destination), not to memory")
        }
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_source_stat(memory, &info) == 0, zip_source_open(memory) == 0 else {
            throw XLSXError.libzip(zip_error_code_zip(zip_source_error(memory)), writing: destination)
        }
        defer { zip_source_close(memory) }
        var bytes = [UInt8](repeating: 0, count: Int(info.size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int64 in
                guard let base = buffer.baseAddress else { return -1 }
                return zip_source_read(memory, base + filled, UInt64(buffer.count - filled))
            }
            guard count > 0 else {
                throw XLSXError.libzip(zip_error_code_zip(zip_source_error(memory)), writing: destination)
            }
            filled += Int(count)
        }
        return bytes
    }

    private func add(_ name: String, source: OpaquePointer, compression: Compression) throws {
        let index = zip_file_add(handle, name, source, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8)
        guard index >= 0 else {
            zip_source_free(source)
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(handle)), writing: destination, entry: name)
        }
        let (method, level): (Int32, UInt32) = switch compression {
        case .store: (ZIP_CM_STORE, 0)
        case .deflate(let level): (ZIP_CM_DEFLATE, UInt32(min(max(level, 1), 9)))
        }
        guard zip_set_file_compression(handle, UInt64(index), method, level) == 0,
              zip_file_set_mtime(handle, UInt64(index), time_t(Self.fixedModificationTime), 0) == 0 else {
            throw XLSXError.libzip(zip_error_code_zip(zip_get_error(handle)), writing: destination, entry: name)
        }
    }
}
