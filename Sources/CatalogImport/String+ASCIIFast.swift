import Foundation
import XLSX

/// Shortcuts for the text a catalogue row holds, nearly all of it plain ASCII: each gives what
/// the general method gives (Foundation's trimming, the standard library's lower-casing and
/// white space), and defers to it whenever the text is not the plain case it knows. A grown
/// exercises sheet asks these a dozen times a row; through Foundation they cost more than
/// reading the row.
extension StringProtocol {
    /// Whether `byte` is printable ASCII other than the space (`!` to `~`): in no white-space or
    /// newline set, a whole character by itself.
    @inline(__always)
    static func isGraphicASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// `trimmingCharacters(in: set)`, without Foundation when the first and last bytes are
    /// printable ASCII (nothing to trim) or the text is empty. The set is made only when
    /// needed: getting Foundation's sets costs more than the trimming.
    func trimmed(of set: @autoclosure () -> CharacterSet) -> String {
        let bounds: (UInt8, UInt8)?? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isEmpty ? nil : (bytes[0], bytes[bytes.count - 1])
        }
        switch bounds {
        case .some(.none): return ""
        case .some(.some(let (first, last))) where Self.isGraphicASCII(first) && Self.isGraphicASCII(last):
            return String(self)
        default: return trimmingCharacters(in: set())
        }
    }
}

extension String {
    /// Whether every byte is printable ASCII, the space to `~` (`allSatisfy { $0 >= 0x20 && $0 <
    /// 0x7F }`), read eight bytes at a time: every text cell of a row is asked this.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        PlainText.isPrintableASCII(bytes)
    }

    /// Whether two texts' bytes are the same (`elementsEqual`, by `memcmp`).
    static func bytesEqual(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return true }
        return memcmp(a, b, first.count) == 0
    }

    /// Whether every byte is ASCII (`allSatisfy { $0 < 0x80 }`), read eight bytes at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            guard UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highBits == 0 else { return false }
            index += 8
        }
        while index < count {
            guard base[index] < 0x80 else { return false }
            index += 1
        }
        return true
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// `lowercased()`, runs of white space folded into one space, none at either end, as
    /// `SheetTable.normalise` defines it; nil when the text is not all ASCII (the caller then
    /// takes the general way). In ASCII, lower-casing maps only `A`-`Z`, every character is one
    /// byte (CR LF, one character, is white space as its bytes are), and the white space is
    /// tab, line feed, vertical tab, form feed, carriage return and space.
    func asciiNormalised() -> String? {
        var text = self
        return text.withUTF8 { bytes -> String? in
            var plain = true
            for byte in bytes where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) || Self.isASCIISpace(byte) {
                guard byte < 0x80 else { return nil }
                plain = byte == 0x20 ? plain : false
            }
            // Lower case without doubled, leading or trailing spaces: already normalised.
            if plain, bytes.first != 0x20, bytes.last != 0x20, !Self.hasDoubleSpace(bytes) { return self }
            return String(unsafeUninitializedCapacity: bytes.count) { Self.asciiNormalise(bytes, into: $0) }
        }
    }

    /// Writes `bytes` (plain ASCII) normalised into `output`, which holds at least as many:
    /// lower case, runs of white space one space, none at either end. Returns the count written.
    ///
    /// Eight bytes at a time: a word's bytes up to its first space or control (all eight in an
    /// id, a word of a name) are lower-cased together and written at once.
    static func asciiNormalise(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let input = bytes.baseAddress, let out = output.baseAddress else { return 0 }
        precondition(output.count >= bytes.count, "the output is shorter than the input")
        let total = bytes.count
        var index = 0
        // Never more than `index`: a word written whole at `count` stays inside `output`.
        var count = 0
        var pendingSpace = false
        while index < total {
            if index + 8 <= total {
                let word = UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self))
                // Plain ASCII bytes (below 0x80): adding 0x5F sets the top bit of each byte above
                // 0x20, adding 0x3F of each from `A` on, adding 0x25 of each from `[` on. No byte
                // carries into the next.
                let spaceOrControl = ~(word &+ 0x5F &* lowBits) & highBits
                // The bytes before the first space or control (byte 0 is the lowest).
                let plain = spaceOrControl == 0 ? 8 : spaceOrControl.trailingZeroBitCount >> 3
                if plain > 0 {
                    if pendingSpace {
                        out[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    let upper = (word &+ 0x3F &* lowBits) & ~(word &+ 0x25 &* lowBits) & highBits
                    UnsafeMutableRawPointer(out + count).storeBytes(
                        of: (word | (upper >> 2)).littleEndian, as: UInt64.self)
                    count += plain
                    index += plain
                    continue
                }
            }
            let byte = input[index]
            index += 1
            if isASCIISpace(byte) {
                pendingSpace = count > 0
                continue
            }
            if pendingSpace {
                out[count] = 0x20
                count += 1
                pendingSpace = false
            }
            out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            count += 1
        }
        return count
    }

    @inline(__always)
    static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// Whether `bytes` are ASCII without an upper-case letter, a space or a control character, so
    /// that `asciiNormalise` would write them as they are (an id in snake_case): such a value is
    /// looked up as it is, without a normalised copy. Read eight bytes at a time, the last
    /// word ending at the last byte.
    static func isASCIINormalised(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        guard count >= 8 else {
            return bytes.allSatisfy { $0 > 0x20 && $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
        }
        // Below 0x80, adding 0x5F sets the top bit of each byte above 0x20, adding 0x3F of each
        // from `A` on and adding 0x25 of each from `[` on; no byte carries into the next.
        func isPlainWord(_ word: UInt64) -> Bool {
            let spaceOrControl = ~(word &+ 0x5F &* lowBits) & highBits
            let upper = (word &+ 0x3F &* lowBits) & ~(word &+ 0x25 &* lowBits) & highBits
            return spaceOrControl | upper | (word & highBits) == 0
        }
        var index = 0
        while index + 8 <= count {
            guard isPlainWord(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) else { return false }
            index += 8
        }
        return index == count || isPlainWord(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
    }

    /// Whether two plain ASCII texts normalise (`asciiNormalise`) to the same bytes, compared as
    /// they are read, without writing either out.
    static func asciiNormalisedEqual(
        _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var firstAt = 0
        var secondAt = 0
        var firstStarted = false
        var secondStarted = false
        while true {
            let byte = nextNormalised(first, &firstAt, &firstStarted)
            guard byte == nextNormalised(second, &secondAt, &secondStarted) else { return false }
            if byte == nil { return true }
        }
    }

    /// The next byte of `bytes` normalised, from `index` on: a run of white space is one space
    /// (left unread until the byte after it is asked for), none before the first other byte or
    /// after the last; nil at the end.
    @inline(__always)
    private static func nextNormalised(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ started: inout Bool)
        -> UInt8?
    {
        if index < bytes.count, isASCIISpace(bytes[index]) {
            while index < bytes.count, isASCIISpace(bytes[index]) { index += 1 }
            if index == bytes.count { return nil }
            if started { return 0x20 }
        }
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        started = true
        return byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func hasDoubleSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x20 && previous == 0x20 { return true }
            previous = byte
        }
        return false
    }
}
