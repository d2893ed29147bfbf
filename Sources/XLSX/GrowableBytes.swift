/// A growable byte store for the tokenizer's bookkeeping. Owns its memory.
struct GrowableBytes: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    var count = 0
    private var capacity = 256

    init() {
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity { grow(count + added) }
        if added <= 16 {
            // A name: a loop costs less than a call to memcpy.
            for index in 0..<added { base[count + index] = bytes[index] }
        } else {
            (base + count).update(from: bytes, count: added)
        }
        count += added
    }

    mutating func append(scalar: UInt32) {
        if count + 4 > capacity { grow(count + 4) }
        count += XMLCharacters.encode(scalar, into: base + count)
    }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
