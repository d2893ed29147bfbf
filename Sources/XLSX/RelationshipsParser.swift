/// Collects the relationships of a `.rels` part.
final class RelationshipsParser: XMLContentHandler {
    private(set) var relationships: [Relationship] = []
    private let source: String

    /// - Parameter source: the part the relationships belong to (`""` for the package root);
    ///   relative targets resolve against its directory.
    init(source: String) {
        self.source = source
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
        guard name.is("Relationship"), let id = attributes.string("Id"),
              let type = attributes.string("Type"), let target = attributes.string("Target") else { return }
        let isExternal = attributes.string("TargetMode")?.lowercased() == "external"
        relationships.append(Relationship(
            id: id, type: type,
            target: isExternal ? target : PartPath.resolve(target, from: source),
            isExternal: isExternal))
    }

    func endElement(_ name: XMLName) throws(XLSXError) {}
    func characters(_ text: UnsafeBufferPointer<UInt8>) throws(XLSXError) {}
}
