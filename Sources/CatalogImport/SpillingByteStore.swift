import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the check could not keep or read back the values it spilled to its temporary file. The
/// check stops on it: a value it cannot read back might be the duplicate it is looking for, so
/// going on could end in a report that misses a problem.
struct SpillFailure: Error, Equatable {
    static let code = "system.temporary_file"
    var message: String

    static func opening(_ error: Int32) -> SpillFailure {
        SpillFailure(
            message: "cannot make a temporary file in \(SpillingByteStore.directory) for the values it keeps "
                + "(\(describe(error))); set TMPDIR to a folder it can write to")
    }

    static func writing(_ error: Int32) -> SpillFailure {
        SpillFailure(
            message: "cannot write the values it keeps to its temporary file in \(SpillingByteStore.directory) "
                + "(\(describe(error))); free some space there, or set TMPDIR to another folder")
    }

    static func reading(_ error: Int32) -> SpillFailure {
        SpillFailure(message: "cannot read back the values it keeps in its temporary file (\(describe(error)))")
    }

    static func shortRead(_ read: Int, of count: Int, at offset: Int) -> SpillFailure {
        SpillFailure(
            message: "its temporary file gave back \(read) of the \(count) bytes it wrote at offset \(offset): "
                + "the file was cut short or replaced")
    }

    private static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}

/// How the check's stores keep what they hold: the bytes each keeps in memory before the oldest
/// chunks go to a file, and how that file is opened (tests open one that fails).
struct SpillSettings: Sendable {
    var memoryLimit = SpillingByteStore.chunkSize
    /// Opens the file a store's chunks go to, which the store then owns and closes.
    var openFile: @Sendable () throws -> Int32 = { try SpillingByteStore.openTemporaryFile() }
}

/// Records of bytes written one after another and read back by position: what the uniqueness
/// and swap-group checks keep of every value of a sheet that may have a million rows.
///
/// Records go into 256 KiB chunks (a record never straddles two). Up to `memoryLimit` bytes of
/// chunks stay in memory (by default only the chunk being filled); past it, the oldest full
/// chunks are written to a temporary file, unlinked as soon as it is made (nothing is left
/// behind, whatever ends the process), and their memory freed, so that memory does not grow
/// with the rows. Recent records, which a sheet's neighbouring rows ask for most, stay in
/// memory; an older one costs a `pread` from the page cache.
///
/// A file that cannot be made, written (a full disk) or read back whole throws a
/// `SpillFailure`: an answer is never guessed from bytes that did not come back.
///
/// A reference type that owns its file descriptor; its owner makes a copy before changing a
/// store another value shares (`copy()`).
final class SpillingByteStore {
    static let chunkSize = 1 << 18

    // Each property is reached by one method at a time, on the owner's thread: the run-time
    // exclusivity checks, calls made for every value read or written, are left out.

    /// Chunks from `firstInMemory` on are in memory; those before it are in the file, chunk
    /// `i` at offset `i * chunkSize`.
    @exclusivity(unchecked) private var chunks: [[UInt8]] = []
    @exclusivity(unchecked) private var firstInMemory = 0
    /// The bytes used of each chunk.
    @exclusivity(unchecked) private var used: [Int] = []
    private let settings: SpillSettings
    @exclusivity(unchecked) private var file: Int32 = -1
    /// Where a read from the file lands.
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    init(_ settings: SpillSettings = SpillSettings()) {
        self.settings = settings
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// The folder temporary files go to (`TMPDIR`, else `/tmp`).
    static var directory: String { NSTemporaryDirectory() }

    /// Makes a file in `directory` and unlinks it at once, so that it goes when it is closed.
    static func openTemporaryFile() throws -> Int32 {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        var template = Array((folder + "traindb-check.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw SpillFailure.opening(errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return made
    }

    /// Whether some chunk lives in the file (for tests).
    var hasSpilled: Bool { firstInMemory > 0 }

    /// How many chunks there are; `forEachChunk` goes through them in order.
    var chunkCount: Int { chunks.count }

    /// The position the next record of `size` bytes would get.
    func nextPosition(for size: Int) -> Int {
        guard let last = used.last, last + size <= Self.chunkSize else { return chunks.count * Self.chunkSize }
        return (chunks.count - 1) * Self.chunkSize + last
    }

    /// Appends a record of `size` bytes (at most `chunkSize`), which `write` appends to the chunk
    /// it is given; returns the record's position. Throws a `SpillFailure` when a full chunk
    /// cannot be written to the file.
    func append(size: Int, _ write: (inout [UInt8]) -> Void) throws -> Int {
        if used.isEmpty || used[used.count - 1] + size > Self.chunkSize { try startChunk() }
        let last = chunks.count - 1
        let position = last * Self.chunkSize + used[last]
        write(&chunks[last])
        used[last] = chunks[last].count
        return position
    }

    /// Calls `body` with up to `length` bytes from `position` (fewer where its chunk ends).
    /// Throws a `SpillFailure` when the bytes are in the file and do not come back whole.
    func withBytes<T>(at position: Int, length: Int, _ body: (UnsafeRawBufferPointer) -> T) throws -> T {
        let chunk = position / Self.chunkSize
        let offset = position % Self.chunkSize
        guard chunk >= 0, chunk < chunks.count, offset <= used[chunk] else {
            return body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        let count = min(length, used[chunk] - offset)
        if chunk >= firstInMemory {
            return chunks[chunk].withUnsafeBytes {
                body(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]))
            }
        }
        try readFile(at: chunk * Self.chunkSize + offset, count: count)
        return scratch.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Calls `body` with the used bytes of each chunk in order, reading spilled chunks back.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        for chunk in chunks.indices {
            if chunk >= firstInMemory {
                try chunks[chunk].withUnsafeBytes(body)
            } else {
                try readFile(at: chunk * Self.chunkSize, count: used[chunk])
                try scratch.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<used[chunk]])) }
            }
        }
    }

    /// A store holding the same records at the same positions, for a copy of its owner.
    func copy() throws -> SpillingByteStore {
        let copy = SpillingByteStore(settings)
        try forEachChunk { bytes in
            // The copy's older chunks go to its own file as they would have.
            try copy.startChunk()
            copy.chunks[copy.chunks.count - 1].append(contentsOf: bytes)
            copy.used[copy.used.count - 1] = bytes.count
        }
        return copy
    }

    /// Starts a chunk after the oldest chunks go to the file, while memory would be over the
    /// limit with the new one.
    private func startChunk() throws {
        while firstInMemory < chunks.count, (chunks.count + 1 - firstInMemory) * Self.chunkSize > settings.memoryLimit {
            try spill(firstInMemory)
            chunks[firstInMemory] = []
            firstInMemory += 1
        }
        chunks.append([])
        chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        used.append(0)
    }

    /// Writes chunk `index` to the file, opened on first use.
    private func spill(_ index: Int) throws {
        if file < 0 { file = try settings.openFile() }
        let failure: Int32? = chunks[index].withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = pwrite(
                    file, bytes.baseAddress! + done, bytes.count - done, off_t(index * Self.chunkSize + done))
                if written < 0 && errno == EINTR { continue }
                // Nothing written and no error: the disk takes no more.
                guard written > 0 else { return written < 0 ? errno : ENOSPC }
                done += written
            }
            return nil
        }
        if let failure { throw SpillFailure.writing(failure) }
    }

    /// Reads `count` bytes at `offset` of the file into `scratch`, all of them or a failure.
    private func readFile(at offset: Int, count: Int) throws {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: max(count, 256)) }
        let failure: SpillFailure? = scratch.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < count {
                let read = pread(file, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if read < 0 && errno == EINTR { continue }
                if read < 0 { return .reading(errno) }
                if read == 0 { return .shortRead(done, of: count, at: offset) }
                done += read
            }
            return nil
        }
        if let failure { throw failure }
    }
}
