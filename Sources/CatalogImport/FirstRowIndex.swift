import Foundation

/// The distinct values of one unique column, each with the row where it was first seen: what
/// the uniqueness check keeps of a sheet that may have a million rows.
///
/// Each value is written once into a `SpillingByteStore` (its hash, row, length and UTF-8 bytes,
/// padded to 4 bytes), which keeps the recent values in memory and the rest in a temporary file.
/// An open-addressing table finds them: per slot the value's position (4 bytes) and 8 bits of
/// its hash (1 byte), so that a probe reads a stored value only when those bits match, that is
/// for a repeated value or about one probe in 256. The table grows when four-fifths full,
/// rebuilt from the stored hashes into pages of its own (`MappedTable`), by a quarter (three
/// quarter-steps at once, nearly doubling, below 128 Ki slots): 6.25 to 7.8 bytes a value in
/// memory, whatever the values' length. A table that outgrows the caches (a million rows') has
/// its slots fetched before they are read: the next row's values' (`startLookup`, which the
/// validator calls a row ahead) and, as it grows, those of the values a few records on. Lookups
/// compare the bytes, so the answer is exact; the hash is the standard library's seeded one, so
/// a workbook cannot choose collisions.
///
/// A temporary file that fails the store (see `SpillingByteStore`) throws its `SpillFailure`
/// out of the lookup: a value that cannot be read back is never taken as new.
///
/// Only plain ASCII values go to the store, where equal bytes mean equal text (with the few
/// other values that are the same text as an ASCII one, as that ASCII). Others live in a
/// plain dictionary, whose `String` keys compare as Swift compares text: "é" written as one
/// character or as "e" and an accent is one value. So do values of 64 KiB or more and any past
/// 16 GiB of store.
struct FirstRowIndex {
    private static let longValue = 1 << 16
    /// Positions are kept in units of 4 bytes, plus one (0 marks an empty slot).
    private static let maxPosition = (Int(UInt32.max) - 1) * 4
    /// A stored value: hash (8 bytes), row (4), length (2), then its bytes.
    private static let headerSize = 14
    /// Below this many slots the table grows three quarter-steps at once. At 128 Ki rather than
    /// 64 Ki, a 164,730-row sheet's values are put back 283,000 times rather than 483,000, in
    /// tables of the same final size (216,727 slots; 1,291,785 at a million rows).
    private static let doublingLimit = 1 << 17

    /// Made on the first value kept, so that copies of an empty index share nothing.
    private var store: SpillingByteStore?
    private var positions = MappedTable<UInt32>()
    private var fingerprints = MappedTable<UInt8>()
    private var count = 0
    /// The values the store does not hold.
    private var others: [String: UInt32] = [:]
    /// Where a value's probe starts, when not the standard library's seeded hash
    /// (`seededHash`, called directly rather than through a closure for each value): (tests) one
    /// that makes values collide, to show that colliding values are still told apart by their
    /// bytes.
    private let hash: ((UnsafeBufferPointer<UInt8>) -> Int)?
    private let spill: SpillSettings

    /// The fewest slots of a table whose slots are fetched ahead (`startLookup`, growth).
    private let fetchingAheadFrom: Int

    /// From 256 Ki slots (a MiB of positions, the second-level cache of a core of the machine
    /// measured) a table outgrows the nearer caches, and its slots are fetched ahead; below it,
    /// fetching them cost more instructions than the waits it hid (41,344 rows: 5.7% more on
    /// the checks' thread; 164,730 rows, 216,727 slots: no time saved).
    static let defaultFetchingAheadFrom = 1 << 18

    /// - Parameters:
    ///   - spill: the most bytes of values kept in memory before the oldest go to a temporary
    ///     file, and how that file is opened.
    ///   - fetchingAheadFrom: the fewest slots of a table whose slots are fetched ahead (tests:
    ///     0, every table).
    init(
        spill: SpillSettings = SpillSettings(), hash: ((UnsafeBufferPointer<UInt8>) -> Int)? = nil,
        fetchingAheadFrom: Int = Self.defaultFetchingAheadFrom
    ) {
        self.hash = hash
        self.spill = spill
        self.fetchingAheadFrom = fetchingAheadFrom
    }

    init(memoryLimit: Int, hash: ((UnsafeBufferPointer<UInt8>) -> Int)? = nil) {
        self.init(spill: SpillSettings(memoryLimit: memoryLimit), hash: hash)
    }

    /// Whether some of the values live in the temporary file (for tests).
    var hasSpilled: Bool { store?.hasSpilled ?? false }

    /// The row where `value` was first seen; nil when it is new, after remembering `row` as its
    /// first. Throws the store's `SpillFailure`.
    mutating func firstRow(of value: String, orRemember row: UInt32) throws -> UInt32? {
        var value = value
        return try value.withUTF8 { bytes in
            if bytes.count >= Self.longValue { return remember(other: String(decoding: bytes, as: UTF8.self), row) }
            if !String.isASCII(bytes) {
                // A few characters are the same text as ASCII ("\u{212A}", the Kelvin sign, is
                // "K"): such a value is looked up in the store as its composed form.
                let text = String(decoding: bytes, as: UTF8.self)
                let composed = text.precomposedStringWithCanonicalMapping
                guard composed.utf8.allSatisfy({ $0 < 0x80 }), composed.utf8.count < Self.longValue else {
                    return remember(other: text, row)
                }
                return try firstRow(of: composed, orRemember: row)
            }
            return try firstRow(ofASCII: bytes, orRemember: row)
        }
    }

    /// `firstRow(of: SheetTable.normalise(value), orRemember: row)`: for plain ASCII, the
    /// normalised bytes are made on the stack and looked up without a `String` of them.
    mutating func firstRow(ofNormalised value: String, orRemember row: UInt32) throws -> UInt32? {
        var value = value
        let isASCII = value.withUTF8 { $0.count < Self.longValue && String.isASCII($0) }
        guard isASCII else { return try firstRow(of: SheetTable.normalise(value), orRemember: row) }
        return try value.withUTF8 { try firstRow(ofNormalisedUTF8: $0, orRemember: row) }
    }

    /// `firstRow(ofNormalised:orRemember:)` of the text whose UTF-8 is `bytes`; `hashed`, when
    /// given, is what `startLookup(ofNormalisedUTF8:)` returned for these bytes.
    mutating func firstRow(
        ofNormalisedUTF8 bytes: UnsafeBufferPointer<UInt8>, orRemember row: UInt32, hashed: UInt64? = nil
    ) throws -> UInt32? {
        guard bytes.count < Self.longValue, String.isASCII(bytes) else {
            return try firstRow(ofNormalised: String(decoding: bytes, as: UTF8.self), orRemember: row)
        }
        if String.isASCIINormalised(bytes) { return try firstRow(ofASCII: bytes, orRemember: row, hashed: hashed) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { output in
            let count = String.asciiNormalise(bytes, into: output)
            return try firstRow(
                ofASCII: UnsafeBufferPointer(rebasing: output[0..<count]), orRemember: row, hashed: hashed)
        }
    }

    /// Starts the lookup of the text whose UTF-8 is `bytes`, to be asked for a little later
    /// (`firstRow(ofNormalisedUTF8:orRemember:hashed:)`, the next row's value): hashes it,
    /// normalised, and asks the processor for the cache lines of its first slot (position and
    /// 8 bits of hash), so that the lookup does not wait for them. Returns the hash for that
    /// lookup; nil for a value the lookup would not hash as bytes (not plain ASCII), or while
    /// the table is empty or fits the caches (`fetchesAhead`).
    mutating func startLookup(ofNormalisedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard startsAhead(bytes) else { return nil }
        let hashed: UInt64
        if String.isASCIINormalised(bytes) {
            hashed = hashOf(bytes)
        } else {
            hashed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { output in
                hashOf(UnsafeBufferPointer(rebasing: output[0..<String.asciiNormalise(bytes, into: output)]))
            }
        }
        fetchSlot(of: hashed)
        return hashed
    }

    /// `startLookup(ofNormalisedUTF8:)` that also keeps the normalised bytes in `kept` when
    /// they fit, so that the lookup need not normalise them again
    /// (`firstRow(ofStarted:orRemember:hashed:)`): returns the hash and how many bytes were
    /// kept (nil: the value is longer than `kept`, and its lookup normalises it itself).
    mutating func startLookup(
        ofNormalisedUTF8 bytes: UnsafeBufferPointer<UInt8>, keepingIn kept: UnsafeMutableBufferPointer<UInt8>
    ) -> (hash: UInt64, kept: Int?)? {
        guard bytes.count <= kept.count, let base = kept.baseAddress else {
            return startLookup(ofNormalisedUTF8: bytes).map { ($0, nil) }
        }
        guard startsAhead(bytes) else { return nil }
        let count: Int
        if String.isASCIINormalised(bytes) {
            count = bytes.count
            if let source = bytes.baseAddress { base.update(from: source, count: count) }
        } else {
            count = String.asciiNormalise(bytes, into: kept)
        }
        let hashed = hashOf(UnsafeBufferPointer(start: base, count: count))
        fetchSlot(of: hashed)
        return (hashed, count)
    }

    /// Whether a lookup of `bytes` is started ahead: the table fetches ahead and holds slots,
    /// and the value is short plain ASCII, which the lookup hashes as bytes.
    @inline(__always)
    private func startsAhead(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        fetchesAhead && positions.count > 0 && bytes.count < Self.longValue && String.isASCII(bytes)
    }

    /// Asks the processor for the cache lines of the first slot of `hashed` (its position and
    /// 8 bits of hash), so that the lookup does not wait for them.
    @inline(__always)
    private func fetchSlot(of hashed: UInt64) {
        let slot = Self.slot(of: hashed, in: positions.count)
        positions.prefetch(slot)
        fingerprints.prefetch(slot)
    }

    /// `firstRow(ofNormalisedUTF8:orRemember:hashed:)` of a value whose lookup was started with
    /// its bytes kept: `normalised` is what `startLookup(ofNormalisedUTF8:keepingIn:)` kept,
    /// `hashed` the hash it returned.
    mutating func firstRow(
        ofStarted normalised: UnsafeBufferPointer<UInt8>, orRemember row: UInt32, hashed: UInt64
    ) throws -> UInt32? {
        try firstRow(ofASCII: normalised, orRemember: row, hashed: hashed)
    }

    /// Whether the table is large enough that its slots are fetched ahead.
    var fetchesAhead: Bool { positions.count >= fetchingAheadFrom }

    /// Where the probe of `bytes` starts, before it is scaled to the table.
    @inline(__always)
    private func hashOf(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UInt64(UInt(bitPattern: hash?(bytes) ?? Self.seededHash(bytes)))
    }

    private mutating func firstRow(
        ofASCII bytes: UnsafeBufferPointer<UInt8>, orRemember row: UInt32, hashed given: UInt64? = nil
    ) throws -> UInt32? {
        // A copy shares its original's store until one of them adds a value.
        if store != nil, !isKnownUniquelyReferenced(&store) { store = try store?.copy() }
        if (count + 1) * 5 > positions.count * 4 { try grow() }
        let hashed = given ?? hashOf(bytes)
        let fingerprint = UInt8(truncatingIfNeeded: hashed)
        if store == nil { makeStore() }
        // Unretained: `self.store` holds it throughout (a local reference was retained and
        // released for every value looked up).
        return try Unmanaged.passUnretained(store.unsafelyUnwrapped)._withUnsafeGuaranteedRef { store in
            try firstRow(ofASCII: bytes, orRemember: row, hashed: hashed, fingerprint: fingerprint, in: store)
        }
    }

    /// The probe and, for a new value, its record: `firstRow(ofASCII:orRemember:hashed:)` once
    /// the table has room and `store` is the index's store.
    @inline(__always)
    private mutating func firstRow(
        ofASCII bytes: UnsafeBufferPointer<UInt8>, orRemember row: UInt32, hashed: UInt64, fingerprint: UInt8,
        in store: SpillingByteStore
    ) throws -> UInt32? {
        // One probe: it ends at the value, or at the empty slot the value goes into.
        var slot = Self.slot(of: hashed, in: positions.count)
        while positions[slot] != 0 {
            if fingerprints[slot] == fingerprint,
                let first = try Self.row(at: Int(positions[slot] - 1) * 4, in: store, ifHolding: bytes)
            {
                return first
            }
            slot += 1
            if slot == positions.count { slot = 0 }
        }
        let size = (Self.headerSize + bytes.count + 3) & ~3
        guard store.nextPosition(for: size) <= Self.maxPosition else {
            return remember(other: String(decoding: bytes, as: UTF8.self), row)
        }
        let position = try store.append(size: size) { chunk in
            // The record laid out on the stack (header, bytes, zeros to its padded size) and
            // appended at once: an append for each part and each padding byte cost more.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { record in
                let raw = UnsafeMutableRawBufferPointer(record)
                raw.storeBytes(of: hashed.littleEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: row.littleEndian, toByteOffset: 8, as: UInt32.self)
                raw.storeBytes(of: UInt16(bytes.count).littleEndian, toByteOffset: 12, as: UInt16.self)
                let end = Self.headerSize + bytes.count
                UnsafeMutableRawBufferPointer(rebasing: raw[Self.headerSize..<end]).copyMemory(
                    from: UnsafeRawBufferPointer(bytes))
                UnsafeMutableRawBufferPointer(rebasing: raw[end...]).initializeMemory(as: UInt8.self, repeating: 0)
                chunk.append(contentsOf: UnsafeBufferPointer(record))
            }
        }
        positions[slot] = UInt32(position / 4 + 1)
        fingerprints[slot] = fingerprint
        count += 1
        return nil
    }

    private mutating func makeStore() {
        store = SpillingByteStore(spill)
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

    /// The slot a hash's probe starts at: its high bits scaled to the table (any table size).
    @inline(__always)
    private static func slot(of hashed: UInt64, in capacity: Int) -> Int {
        Int(truncatingIfNeeded: hashed.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// Makes the table a quarter larger and puts every stored value back in it from the
    /// hashes stored beside the values: the old table is dropped first, so growing never holds
    /// two tables. Every value is put back at each growth, so a small table takes three steps
    /// at once (a quarter at a time from 1,024 slots, 40,000 distinct values were put back 18
    /// times); the sizes are those of single steps, so a large table's is the same.
    private mutating func grow() throws {
        var capacity = max(1024, positions.count + positions.count / 4)
        if positions.count < Self.doublingLimit {
            for _ in 0..<2 { capacity += capacity / 4 }
        }
        positions = MappedTable()
        fingerprints = MappedTable()
        positions = MappedTable(zeroed: capacity)
        fingerprints = MappedTable(zeroed: capacity)
        guard let store else { return }
        var chunkStart = 0
        let fetchesAhead = capacity >= fetchingAheadFrom
        try store.forEachChunk { chunk in
            // The slots of the values a few records on are fetched while this one is put back:
            // each goes to a random slot of a table that can outgrow the caches (none fetched,
            // `ahead` past the end, in a table that fits them).
            var ahead = fetchesAhead ? 0 : chunk.count
            for _ in 0..<Self.growthLookahead where ahead + Self.headerSize <= chunk.count {
                positions.prefetch(Self.slot(of: Self.storedHash(at: ahead, in: chunk), in: capacity))
                ahead += Self.recordSize(at: ahead, in: chunk)
            }
            var offset = 0
            while offset + Self.headerSize <= chunk.count {
                if ahead + Self.headerSize <= chunk.count {
                    let slot = Self.slot(of: Self.storedHash(at: ahead, in: chunk), in: capacity)
                    positions.prefetch(slot)
                    fingerprints.prefetch(slot)
                    ahead += Self.recordSize(at: ahead, in: chunk)
                }
                let hashed = Self.storedHash(at: offset, in: chunk)
                var slot = Self.slot(of: hashed, in: capacity)
                while positions[slot] != 0 {
                    slot += 1
                    if slot == capacity { slot = 0 }
                }
                positions[slot] = UInt32((chunkStart + offset) / 4 + 1)
                fingerprints[slot] = UInt8(truncatingIfNeeded: hashed)
                offset += Self.recordSize(at: offset, in: chunk)
            }
            chunkStart += SpillingByteStore.chunkSize
        }
    }

    /// How many records ahead `grow` fetches the slots of the values it puts back.
    private static let growthLookahead = 16

    /// The hash stored with the record at `offset` of `chunk` (its first 8 bytes).
    @inline(__always)
    private static func storedHash(at offset: Int, in chunk: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The padded size of the stored record at `offset` of `chunk`.
    @inline(__always)
    private static func recordSize(at offset: Int, in chunk: UnsafeRawBufferPointer) -> Int {
        let length = Int(UInt16(littleEndian: chunk.loadUnaligned(fromByteOffset: offset + 12, as: UInt16.self)))
        return (headerSize + length + 3) & ~3
    }

    /// The row stored at `position` when the value there is `bytes`, else nil.
    private static func row(
        at position: Int, in store: SpillingByteStore, ifHolding bytes: UnsafeBufferPointer<UInt8>
    ) throws -> UInt32? {
        try store.withBytes(at: position, length: headerSize + bytes.count) { stored -> UInt32? in
            guard stored.count == headerSize + bytes.count,
                Int(UInt16(littleEndian: stored.loadUnaligned(fromByteOffset: 12, as: UInt16.self))) == bytes.count,
                UnsafeRawBufferPointer(rebasing: stored[headerSize...]).elementsEqual(UnsafeRawBufferPointer(bytes))
            else { return nil }
            return UInt32(littleEndian: stored.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        }
    }
}
