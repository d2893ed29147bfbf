/// A set of small non-negative integers (exercise or canonical group numbers of the
/// catalogue), kept as one flag per number: membership without hashing, on the generator's
/// hottest paths.
struct Marks: Sendable {
    private var flags: [Bool]

    /// Room for the numbers `0..<count`.
    init(count: Int) {
        flags = Array(repeating: false, count: count)
    }

    func contains(_ number: Int) -> Bool {
        flags.indices.contains(number) && flags[number]
    }

    mutating func insert(_ number: Int) {
        if flags.indices.contains(number) { flags[number] = true }
    }
}
