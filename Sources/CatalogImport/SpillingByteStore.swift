import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records of bytes written one after another and read back by position: what the uniqueness
/// and swap-group checks keep of every value of a sheet that may have a million rows.
///
/// Records go into 256 KiB chunks (a record never straddles two). Up to `memoryLimit` bytes of
/// chunks stay in memory (by default only the chunk being filled); past it, the oldest full
/// chunks are written to a temporary file, unlinked as soon as it is made (nothing is left
/// behind, whatever ends the process), and their memory freed, so that memory does not grow
/// with the rows. Recent records, which a sheet's neighbouring rows ask for most, stay in
/// memory; an older one costs a `pread` from the page cache. When no temporary file can be
/// written, every chunk stays in memory: the answers are the same, only memory grows.
///
/// A reference type that owns its file descriptor; its owner makes a copy before changing a
/// store another value shares (`copy()`).
final class SpillingByteStore {
    static let chunkSize = 1 << 18

    /// Chunks from `firstInMemory` on are in memory; those before it are in the file, chunk
    /// `i` at offset `i * chunkSize`.
    private var chunks: [[UInt8]] = []
    private var firstInMemory = 0
    /// The bytes used of each chunk.
    private var used: [Int] = []
    private let memoryLimit: Int
    private var file: Int32 = -1
    /// Set once the file could not be made or written: nothing more is spilled.
    private var cannotSpill = false
    /// Where a read from the file lands.
    private var scratch: [UInt8] = []

    init(memoryLimit: Int = SpillingByteStore.chunkSize) {
        self.memoryLimit = memoryLimit
    }

    deinit {
        if file >= 0 { close(file) }
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
    /// it is given; returns the record's position.
    func append(size: Int, _ write: (inout [UInt8]) -> Void) -> Int {
        if used.isEmpty || used[used.count - 1] + size > Self.chunkSize { startChunk() }
        let last = chunks.count - 1
        let position = last * Self.chunkSize + used[last]
        write(&chunks[last])
        used[last] = chunks[last].count
        return position
    }

    /// Calls `body` with up to `length` bytes from `position` (fewer where its chunk ends).
    func withBytes<T>(at position: Int, length: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
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
        let read = readFile(at: chunk * Self.chunkSize + offset, count: count)
        return scratch.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
    }

    /// Calls `body` with the used bytes of each chunk in order, reading spilled chunks back.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) {
        for chunk in chunks.indices {
            if chunk >= firstInMemory {
                chunks[chunk].withUnsafeBytes(body)
            } else {
                let read = readFile(at: chunk * Self.chunkSize, count: used[chunk])
                scratch.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
            }
        }
    }

    /// A store holding the same records at the same positions, for a copy of its owner.
    func copy() -> SpillingByteStore {
        let copy = SpillingByteStore(memoryLimit: memoryLimit)
        forEachChunk { bytes in
            copy.startChunk()
            copy.chunks[copy.chunks.count - 1].append(contentsOf: bytes)
            copy.used[copy.used.count - 1] = bytes.count
        }
        return copy
    }

    private func startChunk() {
        chunks.append([])
        chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        used.append(0)
        // Every chunk but the new one is full: the oldest go to the file while memory is over
        // the limit.
        while !cannotSpill, firstInMemory < chunks.count - 1,
            (chunks.count - firstInMemory) * Self.chunkSize > memoryLimit
        {
            guard spill(firstInMemory) else {
                cannotSpill = true
                break
            }
            chunks[firstInMemory] = []
            firstInMemory += 1
        }
    }

    /// Writes chunk `index` to the file, made on first use; false when that fails.
    private func spill(_ index: Int) -> Bool {
        if file < 0 {
            var template = Array((NSTemporaryDirectory() + "/traindb-check.XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard made >= 0 else { return false }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            file = made
        }
        return chunks[index].withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = pwrite(
                    file, bytes.baseAddress! + done, bytes.count - done, off_t(index * Self.chunkSize + done))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                done += written
            }
            return true
        }
    }

    /// Reads `count` bytes at `offset` of the file into `scratch`; how many were read (fewer only
    /// when the file cannot be read, its records then reading as empty).
    private func readFile(at offset: Int, count: Int) -> Int {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: max(count, 256)) }
        return scratch.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < count {
                let read = pread(file, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            return done
        }
    }
}
