/// An SVG picture: a canvas of a fixed size with a title, and the elements drawn on it in order
/// (later elements over earlier ones). `text` is a standalone SVG file any browser shows.
///
/// Text and attribute values are escaped, and characters XML cannot hold (control characters
/// other than tab, line feed and carriage return) become U+FFFD, so any string a user typed
/// leaves the file well-formed.
public struct SVGDocument: Hashable, Sendable {
    public let width: Double
    public let height: Double
    /// The picture's title: the file's `<title>`, read out by screen readers.
    public let title: String
    public private(set) var elements: [SVGElement] = []

    public init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    /// Draws `element` over what is already drawn.
    public mutating func add(_ element: SVGElement) {
        elements.append(element)
    }

    /// Draws each of `elements`, in order.
    public mutating func add(_ elements: [SVGElement]) {
        self.elements.append(contentsOf: elements)
    }

    /// The SVG file's text, ending with a newline.
    public var text: String {
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let root = SVGElement("svg", children: [SVGElement("title", text: title)] + elements)
            .attribute("xmlns", "http://www.w3.org/2000/svg")
            .attribute("width", width).attribute("height", height)
            .attribute("viewBox", "0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))")
            .attribute("role", "img")
        Self.write(root, depth: 0, to: &output)
        return output
    }

    private static func write(_ element: SVGElement, depth: Int, to output: inout String) {
        let indent = String(repeating: "  ", count: depth)
        output += indent + "<" + element.name
        for attribute in element.attributes {
            output += " " + attribute.name + "=\"" + escaped(attribute.value, quotes: true) + "\""
        }
        if element.children.isEmpty {
            if let text = element.text {
                output += ">" + escaped(text, quotes: false) + "</" + element.name + ">\n"
            } else {
                output += "/>\n"
            }
            return
        }
        output += ">"
        if let text = element.text { output += escaped(text, quotes: false) }
        output += "\n"
        for child in element.children {
            write(child, depth: depth + 1, to: &output)
        }
        output += indent + "</" + element.name + ">\n"
    }

    /// `text` with `&`, `<`, `>` (and in attributes `"`) escaped and characters XML 1.0 forbids
    /// replaced by U+FFFD.
    static func escaped(_ text: String, quotes: Bool) -> String {
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != 0xEF
        }
        if plain { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\n" where quotes: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where quotes: result += "&#9;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }
}
