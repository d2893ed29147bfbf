import Foundation
import Synchronization

/// The allowed values of a lookup column, and the "did you mean" hint for a value that is not
/// one of them. A class: a check reads it for each lookup cell of every row, and a copy of its
/// arrays, set and dictionary would be retained and released each time.
final class LookupIndex: Sendable {
    /// Where the values come from, e.g. `lookup_muscles.muscle_group`.
    let source: String

    /// False when `values` are only those some row looks up (a long sheet's): the hint then
    /// points at the sheet rather than listing them.
    let isComplete: Bool

    /// Every value, when given at once (a lookup sheet's, held whole).
    private let given: Values?
    /// For a streamed sheet's column: the values (normalised) the looking-up sheets name, and
    /// the column's values that are one of them, which answer for every value so named.
    private let named: (keys: NormalisedValues, values: Values)?
    /// A streamed column's every value, made on the first question `named` cannot answer: that
    /// is only for a value some row names but the column lacks (an error), so a clean check
    /// never hashes or normalises the tens of thousands of them.
    private let made: Mutex<Values?>
    private let allValues: @Sendable () -> [String]

    init(source: String, values: some Sequence<String>, isComplete: Bool = true) {
        self.source = source
        self.isComplete = isComplete
        given = Values(values)
        named = nil
        made = Mutex(nil)
        allValues = { [] }
    }

    /// The values of a streamed sheet's column that another sheet looks up: `streamed.kept`,
    /// read only for a value its rows name that the column lacks.
    init(source: String, streamed: LookupValues) {
        self.source = source
        isComplete = streamed.isComplete
        given = nil
        named = (streamed.lookedUp, Values(streamed.named))
        made = Mutex(nil)
        allValues = { streamed.kept }
    }

    /// Distinct values in the order they first appear.
    var values: [String] { every.values }

    private var every: Values {
        if let given { return given }
        return made.withLock { made in
            if let made { return made }
            let values = Values(allValues())
            made = values
            return values
        }
    }

    /// What answers for `value`: for a value the looking-up sheets name, `named` holds every
    /// value of the column equal to it, or equal ignoring case and spacing, in their order.
    private func answering(_ value: String) -> Values {
        if let given { return given }
        if let named, named.keys.contains(normalising: value) { return named.values }
        return every
    }

    func contains(_ value: String) -> Bool {
        // Asked for each lookup cell of every row: a lookup sheet's values answer directly.
        if let given { return given.contains(value) }
        return answering(value).contains(value)
    }

    /// `contains` of the text whose UTF-8 is `value`: a lookup sheet's plain ASCII values
    /// answer from the bytes, without a `String`.
    func contains(utf8 value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let given, let found = given.asciiValues?.contains(ascii: value) { return found }
        return contains(String(decoding: value, as: UTF8.self))
    }

    /// `contains(utf8:)` of plain text (`PlainText`: ASCII, so not checked again).
    func contains(plain value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let given, let values = given.asciiValues { return values.contains(bytes: value) }
        return contains(utf8: value)
    }

    /// The lookup's spelling of a value that differs only in case or spacing.
    func sameIgnoringCaseAndSpacing(_ value: String) -> String? {
        answering(value).byKey[SheetTable.normalise(value)]
    }

    /// The closest allowed value, when one is close enough to be a typo.
    func closest(to value: String) -> String? {
        if let same = sameIgnoringCaseAndSpacing(value) { return same }
        let values = every
        let normalised = SheetTable.normalise(value)
        // The edit distance is at least the difference in length, and the tolerance at most 3:
        // a long value (a 50 MB cell) is no typo of a short one and costs no comparison.
        guard normalised.count <= values.longestKey + 3 else { return nil }
        let key = Array(normalised)
        var best: (value: String, distance: Int)?
        for candidate in values.values {
            let distance = EditDistance.between(key, Array(SheetTable.normalise(candidate)))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let tolerance = max(1, min(3, key.count / 4))
        return best.distance <= tolerance ? best.value : nil
    }

    /// The hint for an unknown value: the close match, or where the allowed values are.
    func hint(for value: String) -> String {
        if let match = closest(to: value) { return "did you mean \(quoted: match)?" }
        let values = self.values
        if isComplete, values.count <= 12 {
            return "allowed values: " + values.map { "\(quoted: $0)" }.joined(separator: ", ")
        }
        return "allowed values are listed in \(source)"
    }

    /// A set of allowed values and what the index reads of them (a class: handed out without
    /// retaining each of its tables).
    private final class Values: Sendable {
        /// Distinct values in the order they first appear.
        let values: [String]
        let exact: Set<String>
        /// Each value by its comparison key (`SheetTable.normalise`), the first of a key winning.
        let byKey: [String: String]
        /// The most characters of any value's comparison key.
        let longestKey: Int
        /// `exact` as bytes, when every value is plain ASCII (nil otherwise).
        let asciiValues: ASCIIValueSet?

        init(_ values: some Sequence<String>) {
            // Made for every exercise id a contraindications workbook may name (up to 50,000):
            // each value hashed once into each table, sized for them all at once.
            var distinct: [String] = []
            var exact: Set<String> = []
            var keyed: [(String, String)] = []
            exact.reserveCapacity(values.underestimatedCount)
            keyed.reserveCapacity(values.underestimatedCount)
            var longestKey = 0
            for value in values where exact.insert(value).inserted {
                distinct.append(value)
                let key = SheetTable.normalise(value)
                keyed.append((key, value))
                // A plain ASCII key (no carriage return: white space is folded) has a character a byte.
                let length = key.utf8.allSatisfy { $0 < 0x80 } ? key.utf8.count : key.count
                longestKey = max(longestKey, length)
            }
            self.values = distinct
            self.exact = exact
            byKey = Dictionary(keyed, uniquingKeysWith: { first, _ in first })
            self.longestKey = longestKey
            asciiValues = ASCIIValueSet(distinct)
        }

        func contains(_ value: String) -> Bool {
            if let found = asciiValues?.contains(value) { return found }
            return exact.contains(value)
        }
    }
}

/// A set of plain ASCII values kept as bytes, found by a cheap hash of their bytes rather than
/// the standard library's seeded hash of a `String`: what a lookup cell is looked up in, half a
/// dozen times a row. Two plain ASCII texts are the same text exactly when their bytes are
/// equal, so its answer for an ASCII value is `Set<String>`'s; it gives none for any other value
/// (a few non-ASCII characters are the same text as an ASCII one: the Kelvin sign is "K").
final class ASCIIValueSet: Sendable {
    /// The values' bytes one after another; value `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Per slot, a value's number plus one (0: empty).
    private let slots: [Int32]
    private let mask: Int

    /// Nil when any value is not plain ASCII, or there are too many for a small table.
    init?(_ values: [String]) {
        guard values.count <= 4096 else { return nil }
        var size = 16
        while size < values.count * 4 { size *= 2 }
        var bytes: [UInt8] = []
        var starts = [0]
        var slots = [Int32](repeating: 0, count: size)
        for var value in values {
            let isASCII = value.withUTF8 { value in
                guard value.allSatisfy({ $0 < 0x80 }) else { return false }
                bytes.append(contentsOf: value)
                return true
            }
            guard isASCII else { return nil }
            starts.append(bytes.count)
            let number = starts.count - 2
            let found = bytes.withUnsafeBufferPointer { all in
                slots.withUnsafeBufferPointer { slots in
                    starts.withUnsafeBufferPointer { starts in
                        Self.slot(
                            of: UnsafeBufferPointer(rebasing: all[starts[number]..<starts[number + 1]]), in: all,
                            slots: slots, starts: starts, mask: size - 1)
                    }
                }
            }
            // Values come distinct; a repeat keeps its first.
            if slots[found] == 0 { slots[found] = Int32(number + 1) }
        }
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        mask = size - 1
    }

    /// Whether `value` is one of the values; nil when it is not plain ASCII.
    func contains(_ value: String) -> Bool? {
        var value = value
        return value.withUTF8(contains(ascii:))
    }

    /// `contains` of the text whose UTF-8 is `value`; nil when it is not plain ASCII.
    func contains(ascii value: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard String.isASCII(value) else { return nil }
        return contains(bytes: value)
    }

    /// Whether `SheetTable.normalise(value)` is one of the values, normalised on the stack
    /// rather than into a `String`; nil when `value` is not plain ASCII.
    func contains(normalising value: String) -> Bool? {
        var value = value
        return value.withUTF8(contains(normalisingUTF8:))
    }

    /// `contains(normalising:)` of the text whose UTF-8 is `value`.
    func contains(normalisingUTF8 value: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard value.count <= 4096, String.isASCII(value) else { return nil }
        if String.isASCIINormalised(value) { return contains(bytes: value) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, value.count)) { output in
            let count = String.asciiNormalise(value, into: output)
            return contains(bytes: UnsafeBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Whether the bytes of plain ASCII text are one of the values. The arrays are read through
    /// their buffers, and a value compared a word at a time: asked for half a dozen cells a row.
    func contains(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            slots.withUnsafeBufferPointer { slots in
                starts.withUnsafeBufferPointer { starts in
                    slots[Self.slot(of: value, in: all, slots: slots, starts: starts, mask: mask)] != 0
                }
            }
        }
    }

    /// A multiply for each eight bytes (the last ones read as the value's last eight, or
    /// gathered when it is shorter), mixed with the length: enough for a few thousand values,
    /// and a few times cheaper than a multiply a byte for a row's ids and names.
    @inline(__always)
    private static func hash(_ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(value.count)
        guard let base = value.baseAddress else { return hash }
        let count = value.count
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 32
        }
        if count < 8 {
            var word: UInt64 = 0
            for index in 0..<count { word |= UInt64(base[index]) << UInt64(index * 8) }
            mix(word)
            return hash
        }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            mix(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        if index < count { mix(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) }
        return hash
    }

    /// The slot holding `value`, or the empty one it would go into.
    @inline(__always)
    private static func slot(
        of value: UnsafeBufferPointer<UInt8>, in all: UnsafeBufferPointer<UInt8>, slots: UnsafeBufferPointer<Int32>,
        starts: UnsafeBufferPointer<Int>, mask: Int
    ) -> Int {
        let hash = Self.hash(value)
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return slot }
            let start = starts[entry - 1]
            let end = starts[entry]
            if end - start == value.count, equal(UnsafeBufferPointer(rebasing: all[start..<end]), value) {
                return slot
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether two byte runs of the same length are equal: eight bytes at a time, the last word
    /// overlapping the one before (a run of 8 or more), a short run byte by byte.
    @inline(__always)
    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = left.count
        guard count >= 8, let a = left.baseAddress, let b = right.baseAddress else {
            for index in 0..<count where left[index] != right[index] { return false }
            return true
        }
        var offset = 0
        while offset + 8 < count {
            if UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        return UnsafeRawPointer(a + count - 8).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(b + count - 8).loadUnaligned(as: UInt64.self)
    }
}

/// The values of a column that another sheet looks up, gathered while the column's sheet
/// streams by: every value while there are at most `fullLimit` (so that "did you mean" can
/// offer the closest of all of them), and past that only those some row names (ignoring case
/// and spacing), so that memory stays bounded by what is looked up, not by the sheet's length.
///
/// Every value is kept as UTF-8 bytes one after another in one buffer, dropped whole when the
/// limit is passed: 50,000 `String`s would leave the allocator's heap holding their memory
/// (6 MB for two columns) for the rest of the check.
struct LookupValues {
    /// The looked-up values, normalised.
    let referenced: Set<String>
    /// `referenced`, as it is looked up a row at a time.
    let lookedUp: NormalisedValues
    /// Every value so far, while `isComplete`: their bytes, and where each ends.
    private var allBytes: [UInt8] = []
    private var allEnds: [Int] = []
    /// The values, in order, that are one of `referenced` (normalised): kept past the limit too.
    private(set) var named: [String] = []
    /// Whether `kept` is every value of the column.
    private(set) var isComplete = true
    static let fullLimit = 50_000

    init(referenced: Set<String>) {
        self.referenced = referenced
        lookedUp = NormalisedValues(referenced)
    }

    mutating func add(_ value: String) {
        var value = value
        value.withUTF8 { add(utf8: $0) }
    }

    /// `add` of the text whose UTF-8 is `value`: its `String` is made only when it is named.
    mutating func add(utf8 value: UnsafeBufferPointer<UInt8>) {
        if isComplete {
            if allEnds.count == Self.fullLimit {
                isComplete = false
                allBytes = []
                allEnds = []
            } else {
                allBytes.append(contentsOf: value)
                allEnds.append(allBytes.count)
            }
        }
        if lookedUp.contains(normalisingUTF8: value) { named.append(String(decoding: value, as: UTF8.self)) }
    }

    /// What the lookup index is built from.
    var kept: [String] {
        guard isComplete else { return named }
        var start = 0
        return allEnds.map { end in
            defer { start = end }
            return String(decoding: allBytes[start..<end], as: UTF8.self)
        }
    }
}

/// Normalised values (`SheetTable.normalise`) a sheet's rows are looked up in, one look-up a
/// row: a row's plain ASCII value is normalised on the stack and found by its bytes, without a
/// `String` of the normalised value or the standard library's hashing of it.
struct NormalisedValues {
    let values: Set<String>
    /// `values` as bytes, when they are all plain ASCII.
    private let ascii: ASCIIValueSet?

    init(_ values: Set<String>) {
        self.values = values
        ascii = values.isEmpty ? nil : ASCIIValueSet(Array(values))
    }

    /// Whether `SheetTable.normalise(value)` is one of the values.
    func contains(normalising value: String) -> Bool {
        guard !values.isEmpty else { return false }
        return ascii?.contains(normalising: value) ?? values.contains(SheetTable.normalise(value))
    }

    /// `contains(normalising:)` of the text whose UTF-8 is `value`.
    func contains(normalisingUTF8 value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !values.isEmpty else { return false }
        if let found = ascii?.contains(normalisingUTF8: value) { return found }
        return values.contains(SheetTable.normalise(String(decoding: value, as: UTF8.self)))
    }

    /// `contains(normalisingUTF8:)` of text that is its own normalised form (an id in
    /// snake_case): looked up as it is, without normalising a copy.
    func contains(normalisedUTF8 value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !values.isEmpty else { return false }
        if let found = ascii?.contains(ascii: value) { return found }
        return values.contains(String(decoding: value, as: UTF8.self))
    }
}
