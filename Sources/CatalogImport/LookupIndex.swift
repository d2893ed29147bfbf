/// The allowed values of a lookup column, and the "did you mean" hint for a value that is not
/// one of them.
struct LookupIndex {
    /// Where the values come from, e.g. `lookup_muscles.muscle_group`.
    let source: String
    /// Distinct values in the order they first appear.
    private(set) var values: [String] = []
    private var exact: Set<String> = []
    private var byKey: [String: String] = [:]
    /// The most characters of any value's comparison key.
    private var longestKey = 0

    /// False when `values` are only those some row looks up (a long sheet's): the hint then
    /// points at the sheet rather than listing them.
    private(set) var isComplete = true

    init(source: String, values: some Sequence<String>, isComplete: Bool = true) {
        self.source = source
        self.isComplete = isComplete
        for value in values where !exact.contains(value) {
            exact.insert(value)
            self.values.append(value)
            let key = SheetTable.normalise(value)
            byKey[key] = byKey[key] ?? value
            longestKey = max(longestKey, key.count)
        }
    }

    func contains(_ value: String) -> Bool { exact.contains(value) }

    /// The lookup's spelling of a value that differs only in case or spacing.
    func sameIgnoringCaseAndSpacing(_ value: String) -> String? {
        byKey[SheetTable.normalise(value)]
    }

    /// The closest allowed value, when one is close enough to be a typo.
    func closest(to value: String) -> String? {
        let normalised = SheetTable.normalise(value)
        if let same = byKey[normalised] { return same }
        // The edit distance is at least the difference in length, and the tolerance at most 3:
        // a long value (a 50 MB cell) is no typo of a short one and costs no comparison.
        guard normalised.count <= longestKey + 3 else { return nil }
        let key = Array(normalised)
        var best: (value: String, distance: Int)?
        for candidate in values {
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
        if isComplete, values.count <= 12 {
            return "allowed values: " + values.map { "\(quoted: $0)" }.joined(separator: ", ")
        }
        return "allowed values are listed in \(source)"
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
    /// Every value so far, while `isComplete`: their bytes, and where each ends.
    private var allBytes: [UInt8] = []
    private var allEnds: [Int] = []
    private var named: [String] = []
    /// Whether `kept` is every value of the column.
    private(set) var isComplete = true
    static let fullLimit = 50_000

    init(referenced: Set<String>) {
        self.referenced = referenced
    }

    mutating func add(_ value: String) {
        if isComplete {
            if allEnds.count == Self.fullLimit {
                isComplete = false
                allBytes = []
                allEnds = []
            } else {
                allBytes.append(contentsOf: value.utf8)
                allEnds.append(allBytes.count)
            }
        }
        if !referenced.isEmpty, referenced.contains(SheetTable.normalise(value)) { named.append(value) }
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
