/// Plain text: printable ASCII (the space to `~`) that neither starts nor ends with a space.
/// Such text needs no trimming, holds no control character, line break or non-ASCII character,
/// and its bytes are its characters: a reader may take it as it is. Nearly every text cell of a
/// catalogue is plain; a batch cursor can mark those it packs (`CellBatch.Cell.isPlainText`) on
/// the thread that parses them.
package enum PlainText {
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether `bytes` are plain text of at most `CellValue.maxTextLength` characters.
    @inline(__always)
    package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
            bytes.count <= CellValue.maxTextLength
        else { return false }
        return isPrintableASCII(bytes)
    }

    /// Whether every byte is printable ASCII, the space to `~` (`allSatisfy { $0 >= 0x20 && $0 <
    /// 0x7F }`), read eight bytes at a time.
    package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        guard count >= 8 else {
            for index in 0..<count where !(base[index] >= 0x20 && base[index] < 0x7F) { return false }
            return true
        }
        var index = 0
        while index + 8 <= count {
            guard isPrintableASCII(word: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) else {
                return false
            }
            index += 8
        }
        // The last bytes (fewer than eight) read as the text's last eight, some of them read
        // again: a byte's verdict is the same, and one word costs less than a loop a byte.
        guard index < count else { return true }
        return isPrintableASCII(word: UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
    }

    /// Whether each of the eight bytes of `word` is printable ASCII.
    @inline(__always)
    private static func isPrintableASCII(word: UInt64) -> Bool {
        // With no byte's top bit set, adding 0x60 to each byte sets it exactly in the bytes
        // from 0x20 on, and adding 1 exactly in 0x7F; no byte carries into the next.
        word & highBits == 0 && (word &+ 0x60 &* lowBits) & highBits == highBits && (word &+ lowBits) & highBits == 0
    }
}
