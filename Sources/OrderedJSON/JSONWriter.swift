/// A value that writes its own JSON straight into the output, member by member, in the order
/// its `encode(to:)` encodes them: `OrderedJSONEncoder`'s fast path for a document written
/// often (a programme), which builds no tree of nodes first.
///
/// A conforming type keeps its `Encodable` conformance, and the two must give the same bytes:
/// `OrderedJSONEncoder.value(of:)` always goes through `encode(to:)`, so a test can compare
/// `encode(_:)` with `value(of:).renderedBytes(_:)`. Layouts that sort keys (`sortedReport`)
/// always take the `Encodable` path.
public protocol JSONWritable {
    func writeJSON(to writer: inout JSONWriter)
}

/// Writes one JSON document as a layout says, container by container. Used by `JSONWritable`
/// values; each container's commas, line breaks and indentation are the writer's, laid out as
/// `JSONValue.write` lays out the same value.
public struct JSONWriter {
    /// The document so far, UTF-8.
    public private(set) var output: [UInt8] = []
    let layout: JSONLayout
    /// The nesting of the container being written.
    private var depth = 0
    /// How many members or elements the container being written has so far.
    private var count = 0

    init(layout: JSONLayout) {
        self.layout = layout
        output.reserveCapacity(16_384)
    }

    // MARK: Containers

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(open: "{", close: "}", body)
    }

    /// Writes an array whose elements `body` writes (with `element`).
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        container(open: "[", close: "]", body)
    }

    private mutating func container(open: Unicode.Scalar, close: Unicode.Scalar, _ body: (inout JSONWriter) -> Void) {
        let outer = count
        output.append(UInt8(ascii: open))
        depth += 1
        count = 0
        body(&self)
        depth -= 1
        if count == 0 {
            if layout.isIndented && layout.opensEmptyContainers {
                output.append(UInt8(ascii: "\n"))
                newline()
            }
        } else {
            newline()
        }
        output.append(UInt8(ascii: close))
        count = outer
    }

    /// Starts the next member of the object being written: its comma, line and key.
    private mutating func key(_ key: StaticString) {
        next()
        key.withUTF8Buffer { JSONString.append(utf8: $0, to: &output) }
        output += layout.separator
    }

    /// Starts the next element or member: its comma and line.
    private mutating func next() {
        if count > 0 { output.append(UInt8(ascii: ",")) }
        count += 1
        newline()
    }

    private mutating func newline() {
        guard layout.isIndented else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    // MARK: Members

    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        JSONString.append(value, to: &output)
    }

    /// A nil value is written as `null`, as `encode(_:forKey:)` writes it.
    public mutating func member(_ name: StaticString, _ value: String?) {
        key(name)
        if let value {
            JSONString.append(value, to: &output)
        } else {
            output += "null".utf8
        }
    }

    public mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        JSONValue.appendDecimal(value, to: &output)
    }

    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        output += (value ? "true" : "false").utf8
    }

    public mutating func member(_ name: StaticString, _ value: some JSONWritable) {
        key(name)
        value.writeJSON(to: &self)
    }

    public mutating func member(_ name: StaticString, _ values: [some JSONWritable]) {
        key(name)
        array { writer in
            for value in values { writer.element(value) }
        }
    }

    public mutating func member(_ name: StaticString, _ values: [String]) {
        key(name)
        array { writer in
            for value in values { writer.element(value) }
        }
    }

    /// Writes a single value that is a string: what a `JSONWritable` that encodes itself as one
    /// string (a date, a raw value) writes.
    public mutating func string(_ value: String) {
        JSONString.append(value, to: &output)
    }

    // MARK: Elements

    public mutating func element(_ value: String) {
        next()
        JSONString.append(value, to: &output)
    }

    public mutating func element(_ value: some JSONWritable) {
        next()
        value.writeJSON(to: &self)
    }
}
