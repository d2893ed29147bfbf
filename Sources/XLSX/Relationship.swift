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
        guard let last = type.split(separator: "/").last else { return false }
        return last.lowercased() == kind.lowercased()
    }
}
