/// Texts kept one after another in a `SpillingByteStore`, each found by its number: what a rule
/// keeps per swap group of a sheet that may have a million rows, at the bytes' cost plus 4
/// bytes a text in memory (a `PagedArray`), the older texts in a temporary file once past the
/// store's memory limit, instead of a `String` (and its allocation) per text. A temporary file
/// that fails the store throws its `SpillFailure` out of whatever needed it.
struct TextColumn {
    /// A text: its length (4 bytes), then its UTF-8 bytes, padded to 4 bytes.
    private static let headerSize = 4
    /// Positions are kept in units of 4 bytes, plus one; 0 marks a nil text, `UInt32.max` one
    /// kept in `long`.
    private static let maxPosition = (Int(UInt32.max) - 2) * 4
    private static let inLong = UInt32.max

    /// Made on the first text kept, so that copies of an empty column share nothing.
    private var store: SpillingByteStore?
    private var positions = PagedArray<UInt32>()
    /// Texts too long for a chunk of the store (or past its positions), by number.
    private var long: [Int: String] = [:]
    private let spill: SpillSettings

    init(spill: SpillSettings = SpillSettings()) {
        self.spill = spill
    }

    init(memoryLimit: Int) {
        self.init(spill: SpillSettings(memoryLimit: memoryLimit))
    }

    var count: Int { positions.count }

    /// Whether some of the texts live in the temporary file (for tests).
    var hasSpilled: Bool { store?.hasSpilled ?? false }

    /// Keeps `text` (nil included) as the next number.
    mutating func append(_ text: String?) throws {
        guard var text else { return positions.append(0) }
        if store == nil {
            store = SpillingByteStore(spill)
        } else if !isKnownUniquelyReferenced(&store) {
            // A copy shares its original's store until one of them adds a text.
            store = try store?.copy()
        }
        guard let store else { return }
        try text.withUTF8 { bytes in
            let size = (Self.headerSize + bytes.count + 3) & ~3
            guard size <= SpillingByteStore.chunkSize, store.nextPosition(for: size) <= Self.maxPosition else {
                long[positions.count] = String(decoding: bytes, as: UTF8.self)
                return positions.append(Self.inLong)
            }
            let position = try store.append(size: size) { chunk in
                withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { chunk.append(contentsOf: $0) }
                chunk.append(contentsOf: bytes)
                chunk.append(contentsOf: repeatElement(0, count: size - Self.headerSize - bytes.count))
            }
            positions.append(UInt32(position / 4 + 1))
        }
    }

    /// The text at `number`.
    subscript(number: Int) -> String? {
        get throws { try withBytes(at: number) { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// Whether the text at `number` is `text`, as Swift compares text: equal bytes are, and
    /// plain ASCII that differs is not, without making a `String` of the kept bytes.
    func holds(_ text: String, at number: Int) throws -> Bool {
        var text = text
        let verdict: Bool? = try withBytes(at: number) { kept in
            guard let kept else { return false }
            return text.withUTF8 { bytes -> Bool? in
                if kept.elementsEqual(bytes) { return true }
                return kept.allSatisfy { $0 < 0x80 } && bytes.allSatisfy { $0 < 0x80 } ? false : nil
            }
        }
        return try verdict ?? (self[number] == text)
    }

    private func withBytes<T>(at number: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) throws -> T {
        guard number >= 0, number < positions.count, positions[number] != 0 else { return body(nil) }
        guard positions[number] != Self.inLong, let store else {
            var text = long[number] ?? ""
            return text.withUTF8 { body($0) }
        }
        let position = Int(positions[number] - 1) * 4
        let length = try store.withBytes(at: position, length: Self.headerSize) { header in
            header.count == Self.headerSize ? Int(UInt32(littleEndian: header.loadUnaligned(as: UInt32.self))) : 0
        }
        return try store.withBytes(at: position + Self.headerSize, length: length) { bytes in
            body(bytes.assumingMemoryBound(to: UInt8.self))
        }
    }
}
