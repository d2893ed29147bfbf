/// An element or attribute local name as a parser hands it over: bytes borrowed for the length
/// of one event (from the part itself, or from libxml2's dictionary). Compared as bytes; no
/// `String` is made.
struct XMLName {
    let base: UnsafePointer<UInt8>
    let count: Int

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// A NUL-terminated name (libxml2's).
    init(cString: UnsafePointer<UInt8>) {
        var count = 0
        while cString[count] != 0 { count += 1 }
        self.init(base: cString, count: count)
    }

    /// The first byte, for a quick switch before the full comparison (0 for an empty name).
    var first: UInt8 { count > 0 ? base[0] : 0 }

    /// Whether the name is exactly `literal` (ASCII).
    @inline(__always)
    func `is`(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        var index = 0
        while index < count {
            if base[index] != expected[index] { return false }
            index += 1
        }
        return true
    }

    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
