import CLibXML2

/// An element or attribute local name as libxml2 hands it over: a NUL-terminated byte string
/// (interned in the parser's dictionary). Compared as bytes; no `String` is made.
struct XMLName {
    let bytes: UnsafePointer<xmlChar>

    /// The first byte, for a quick switch before the full comparison (0 for an empty name).
    var first: UInt8 { bytes[0] }

    /// Whether the name is exactly `literal` (ASCII).
    @inline(__always)
    func `is`(_ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        let count = literal.utf8CodeUnitCount
        var index = 0
        while index < count {
            // A shorter name stops here at its NUL, which differs from the literal's byte.
            if bytes[index] != expected[index] { return false }
            index += 1
        }
        return bytes[count] == 0
    }

    var string: String { String(cString: bytes) }
}
