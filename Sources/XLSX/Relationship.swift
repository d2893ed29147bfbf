/// One `<Relationship>` of a `.rels` part, with its target already resolved to a part name.
struct Relationship: Sendable, Hashable {
    let id: String
    /// The relationship type URI (transitional `http://schemas.openxmlformats.org/...` or
    /// strict `http://purl.oclc.org/ooxml/...`).
    let type: String
    /// The resolved part name (`xl/worksheets/sheet1.xml`), or the raw target when external.
    let target: String
    let isExternal: Bool

    /// Whether the type's last path segment is `kind` (`officeDocument`, `worksheet`, …),
    /// which is how transitional and strict types are matched alike.
    func isType(_ kind: String) -> Bool {
        // Compared as ASCII bytes (a workbook of 2,000 sheets has 2,000 types to look through);
        // a type with any other character is compared as text.
        let bytes = type.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
            end = bytes.index(before: end)
        }
        let segment = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes[bytes.index(after: $0)..<end] }
            ?? bytes[..<end]
        guard segment.allSatisfy({ $0 < 0x80 }), kind.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard let last = type.split(separator: "/").last else { return false }
            return last.lowercased() == kind.lowercased()
        }
        guard !segment.isEmpty else { return false }
        return segment.elementsEqual(kind.utf8) { Self.lowercased($0) == Self.lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
