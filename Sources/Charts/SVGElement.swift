/// One element of an SVG picture: its name, its attributes in the order they were given, its
/// text and its children.
///
/// ```swift
/// let bar = SVGElement.rect(x: 10, y: 40, width: 8, height: 60)
///     .attribute("class", "bar").attribute("fill", "#0a7ea4").titled("Mon: 2 workouts")
/// ```
public struct SVGElement: Hashable, Sendable {
    public let name: String
    public private(set) var attributes: [Attribute]
    public private(set) var text: String?
    public private(set) var children: [SVGElement]

    /// `name="value"`; the value is written escaped.
    public struct Attribute: Hashable, Sendable {
        public let name: String
        public let value: String
    }

    public init(_ name: String, text: String? = nil, children: [SVGElement] = []) {
        self.name = name
        self.attributes = []
        self.text = text
        self.children = children
    }

    /// The element with `name="value"` added (or replaced, keeping its place).
    public func attribute(_ name: String, _ value: String) -> SVGElement {
        var copy = self
        if let index = copy.attributes.firstIndex(where: { $0.name == name }) {
            copy.attributes[index] = Attribute(name: name, value: value)
        } else {
            copy.attributes.append(Attribute(name: name, value: value))
        }
        return copy
    }

    /// The element with a numeric attribute, written as `SVGNumber` writes it.
    public func attribute(_ name: String, _ value: Double) -> SVGElement {
        attribute(name, SVGNumber.text(value))
    }

    /// The element with a `<title>` child: the tooltip a browser shows over it.
    public func titled(_ title: String) -> SVGElement {
        appending(SVGElement("title", text: title))
    }

    /// The element with `child` added after its other children.
    public func appending(_ child: SVGElement) -> SVGElement {
        var copy = self
        copy.children.append(child)
        return copy
    }

    // MARK: - Shapes

    public static func rect(x: Double, y: Double, width: Double, height: Double) -> SVGElement {
        SVGElement("rect").attribute("x", x).attribute("y", y).attribute("width", width).attribute("height", height)
    }

    public static func line(x1: Double, y1: Double, x2: Double, y2: Double) -> SVGElement {
        SVGElement("line").attribute("x1", x1).attribute("y1", y1).attribute("x2", x2).attribute("y2", y2)
    }

    public static func circle(cx: Double, cy: Double, r: Double) -> SVGElement {
        SVGElement("circle").attribute("cx", cx).attribute("cy", cy).attribute("r", r)
    }

    /// A polyline through `points`, in order.
    public static func polyline(_ points: [(x: Double, y: Double)]) -> SVGElement {
        let list = points.map { "\(SVGNumber.text($0.x)),\(SVGNumber.text($0.y))" }.joined(separator: " ")
        return SVGElement("polyline").attribute("points", list)
    }

    /// `string` at (x, y): the baseline's start, middle or end, as `anchor` says.
    public static func text(_ string: String, x: Double, y: Double, anchor: TextAnchor = .start) -> SVGElement {
        let element = SVGElement("text", text: string).attribute("x", x).attribute("y", y)
        return anchor == .start ? element : element.attribute("text-anchor", anchor.rawValue)
    }

    /// A group of elements.
    public static func group(_ children: [SVGElement]) -> SVGElement {
        SVGElement("g", children: children)
    }

    public enum TextAnchor: String, Sendable {
        case start, middle, end
    }
}
