import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG file read back by an XML parser, for tests that check what a picture shows: which
/// cells are filled, how tall each bar is.
public struct SVGPicture: Sendable {
    /// One element: its name, attributes, text and children.
    public struct Element: Sendable {
        public var name: String
        public var attributes: [String: String]
        public var text: String
        public var children: [Element]

        /// The attribute `name` as a number; nil when missing or not a number.
        public func number(_ name: String) -> Double? {
            attributes[name].flatMap(Double.init)
        }

        /// This element and every element below it, depth first.
        public var descendants: [Element] {
            [self] + children.flatMap(\.descendants)
        }

        /// The text of its `<title>` child (a tooltip), if any.
        public var title: String? {
            children.first { $0.name == "title" }?.text
        }
    }

    public let root: Element

    /// Parses `text`; throws when it is not well-formed XML or its root is not `<svg>`.
    public init(_ text: String) throws {
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw SVGPictureError(message: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")")
        }
        guard root.name == "svg" else { throw SVGPictureError(message: "the root is <\(root.name)>, not <svg>") }
        self.root = root
    }

    /// Every element named `name` (and of class `className`, when given), in document order.
    public func elements(_ name: String, class className: String? = nil) -> [Element] {
        root.descendants.filter { element in
            element.name == name
                && (className.map { element.attributes["class"]?.split(separator: " ").contains(Substring($0)) == true }
                    ?? true)
        }
    }

    /// The picture's own `<title>`.
    public var title: String? { root.title }
}

public struct SVGPictureError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [SVGPicture.Element] = []
    var root: SVGPicture.Element?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        stack.append(SVGPicture.Element(name: elementName, attributes: attributes, text: "", children: []))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard var element = stack.popLast() else { return }
        if !element.children.isEmpty { element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}
