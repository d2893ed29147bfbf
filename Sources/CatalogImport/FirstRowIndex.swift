import Foundation

/// The distinct values of one unique column, each with the row where it was first seen: what
/// the uniqueness check keeps of a sheet that may have a million rows.
///
/// A `[String: UInt32]` spends about 20 bytes a bucket at three-quarters load and copies itself
/// whole when it grows, so a million short ids peak near 63 MB. Here each value is written once
/// into 1 MiB pages (row, length, UTF-8 bytes, padded to 4 bytes) and an open-addressing table
/// of 4-byte page positions finds it: about 16 bytes a value plus 8 a slot, and growing copies
/// only the table. Lookups compare the bytes, so the answer is exact; the hash is the standard
/// library's seeded one, so a workbook cannot choose collisions.
///
/// Only plain ASCII values go to the pages, where equal bytes mean equal text (with the few
/// other values that are the same text as an ASCII one, as that ASCII). Others live in a
/// plain dictionary, whose `String` keys compare as Swift compares text: "é" written as one
/// character or as "e" and an accent is one value, as it was before this index. So do values of
/// 64 KiB or more and any past 16 GiB of pages.
struct FirstRowIndex {
    private static let pageSize = 1 << 20
    private static let longValue = 1 << 16
    /// Positions are stored in units of 4 bytes, plus one (0 marks an empty slot).
    private static let maxPosition = (Int(UInt32.max) - 1) * 4

    private var pages: [[UInt8]] = []
    private var slots: [UInt32] = []
    private var count = 0
    /// The values the pages do not hold.
    private var others: [String: UInt32] = [:]
    /// Where a value's probe starts: the standard library's seeded hash, or (tests) one that
    /// makes values collide, to show that colliding values are still told apart by their bytes.
    private let hash: (UnsafeBufferPointer<UInt8>) -> Int

    init(hash: @escaping (UnsafeBufferPointer<UInt8>) -> Int = FirstRowIndex.seededHash) {
        self.hash = hash
    }

    /// The row where `value` was first seen; nil when it is new, after remembering `row` as its
    /// first.
    mutating func firstRow(of value: String, orRemember row: UInt32) -> UInt32? {
        var value = value
        return value.withUTF8 { bytes in
            if bytes.count >= Self.longValue { return remember(other: String(decoding: bytes, as: UTF8.self), row) }
            if !bytes.allSatisfy({ $0 < 0x80 }) {
                // A few characters are the same text as ASCII ("\u{212A}", the Kelvin sign, is
                // "K"): such a value is looked up in the pages as its composed form.
                let text = String(decoding: bytes, as: UTF8.self)
                let composed = text.precomposedStringWithCanonicalMapping
                guard composed.utf8.allSatisfy({ $0 < 0x80 }), composed.utf8.count < Self.longValue else {
                    return remember(other: text, row)
                }
                return firstRow(of: composed, orRemember: row)
            }
            if (count + 1) * 4 > slots.count * 3 { grow() }
            // One probe: it ends at the value, or at the empty slot the value goes into.
            let mask = slots.count - 1
            var slot = hash(bytes) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot] - 1) * 4
                if Self.bytes(at: position, in: pages, equal: bytes) { return Self.row(at: position, in: pages) }
                slot = (slot + 1) & mask
            }
            guard let position = append(bytes, row) else {
                return remember(other: String(decoding: bytes, as: UTF8.self), row)
            }
            slots[slot] = UInt32(position / 4 + 1)
            count += 1
            return nil
        }
    }

    private mutating func remember(other value: String, _ row: UInt32) -> UInt32? {
        if let first = others[value] { return first }
        others[value] = row
        return nil
    }

    static func seededHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    /// Doubles the table and puts every value back in it; the pages stay as they are.
    private mutating func grow() {
        let old = slots
        slots = [UInt32](repeating: 0, count: max(1024, old.count * 2))
        let mask = slots.count - 1
        for stored in old where stored != 0 {
            var slot = Self.withBytes(at: Int(stored - 1) * 4, in: pages, hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// Writes a value into the last page (or a new one) and returns its position, or nil when
    /// positions have run out.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ row: UInt32) -> Int? {
        let size = (6 + bytes.count + 3) & ~3
        if pages.isEmpty || pages[pages.count - 1].count + size > Self.pageSize {
            guard pages.count * Self.pageSize <= Self.maxPosition - Self.pageSize else { return nil }
            pages.append([])
            pages[pages.count - 1].reserveCapacity(Self.pageSize)
        }
        let last = pages.count - 1
        let position = last * Self.pageSize + pages[last].count
        withUnsafeBytes(of: row.littleEndian) { pages[last].append(contentsOf: $0) }
        withUnsafeBytes(of: UInt16(bytes.count).littleEndian) { pages[last].append(contentsOf: $0) }
        pages[last].append(contentsOf: bytes)
        pages[last].append(contentsOf: repeatElement(0, count: size - 6 - bytes.count))
        return position
    }

    private static func row(at position: Int, in pages: [[UInt8]]) -> UInt32 {
        pages[position / pageSize].withUnsafeBytes { page in
            UInt32(littleEndian: page.loadUnaligned(fromByteOffset: position % pageSize, as: UInt32.self))
        }
    }

    private static func withBytes<T>(
        at position: Int, in pages: [[UInt8]], _ body: (UnsafeBufferPointer<UInt8>) -> T
    ) -> T {
        pages[position / pageSize].withUnsafeBufferPointer { page in
            let start = position % pageSize
            let length = Int(page[start + 4]) | Int(page[start + 5]) << 8
            return body(UnsafeBufferPointer(rebasing: page[(start + 6)..<(start + 6 + length)]))
        }
    }

    private static func bytes(
        at position: Int, in pages: [[UInt8]], equal bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        withBytes(at: position, in: pages) { stored in
            stored.count == bytes.count && stored.elementsEqual(bytes)
        }
    }
}
