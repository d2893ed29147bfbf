#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer reused across cells, so collecting text costs no allocation in the
/// steady state. Owns its memory; always keeps one spare byte for a NUL terminator.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity + 1)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        if bytes.count <= 16 {
            // A cell's value: a loop costs less than a call to memcpy.
            for index in 0..<bytes.count { base[count + index] = source[index] }
        } else {
            (base + count).update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Drops trailing space, tab, CR and LF, keeping at least the first `start` bytes.
    func removeTrailingSpace(downTo start: Int) {
        while count > start, DecimalParsing.isSpace(base[count - 1]) { count -= 1 }
    }

    /// The contents followed by a NUL, for C functions such as `strtod`.
    var cString: UnsafePointer<CChar> {
        base[count] = 0
        return UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity = newCapacity > Int.max / 4 ? needed : newCapacity * 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + 1)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
