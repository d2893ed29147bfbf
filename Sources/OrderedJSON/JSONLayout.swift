/// How a JSON document is laid out as text.
public struct JSONLayout: Hashable, Sendable {
    /// One member or element per line, indented by two spaces per level.
    public var isIndented: Bool
    /// Object members sorted by key (code point order) instead of in the order written.
    public var sortsKeys: Bool
    /// The text between an indented member's key and its value.
    var separator: [UInt8]
    /// Whether an empty indented array or object spans two lines (`[` blank line `]`).
    var opensEmptyContainers: Bool

    /// `{"key":value,…}`: no white space, members in the order written.
    public static let compact = JSONLayout(
        isIndented: false, sortsKeys: false, separator: Array(":".utf8), opensEmptyContainers: false)

    /// Two-space indentation, `"key": value`, `[]` for an empty list, members in the order
    /// written: the programme's documented JSON.
    public static let indented = JSONLayout(
        isIndented: true, sortsKeys: false, separator: Array(": ".utf8), opensEmptyContainers: false)

    /// Keys sorted, two-space indentation, `"key" : value`, empty lists over two lines: the
    /// layout of Foundation's `JSONEncoder` with `.prettyPrinted` and `.sortedKeys`, which the
    /// catalogue commands (`query`, `equipment`, `joints`, `diff`, `report`, `check`) have
    /// always printed and scripts read.
    public static let sortedReport = JSONLayout(
        isIndented: true, sortsKeys: true, separator: Array(" : ".utf8), opensEmptyContainers: true)
}

extension JSONValue {
    /// The document as UTF-8 text laid out as `layout` says, without a final newline.
    public func rendered(_ layout: JSONLayout = .compact) -> String {
        String(decoding: renderedBytes(layout), as: UTF8.self)
    }

    /// `rendered(_:)` as UTF-8 bytes.
    public func renderedBytes(_ layout: JSONLayout = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        write(to: &output, layout: layout, depth: 0)
        return output
    }

    func write(to output: inout [UInt8], layout: JSONLayout, depth: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): Self.appendDecimal(value, to: &output)
        case .number(let value): output += Self.numberText(value).utf8
        case .string(let value): JSONString.append(value, to: &output)
        case .array(let values):
            Self.writeContainer(
                count: values.count, open: "[", close: "]", to: &output, layout: layout, depth: depth
            ) { index, output in
                values[index].write(to: &output, layout: layout, depth: depth + 1)
            }
        case .object(let members):
            let ordered = layout.sortsKeys ? members.sorted { $0.key < $1.key } : members
            Self.writeContainer(
                count: ordered.count, open: "{", close: "}", to: &output, layout: layout, depth: depth
            ) { index, output in
                JSONString.append(ordered[index].key, to: &output)
                output += layout.separator
                ordered[index].value.write(to: &output, layout: layout, depth: depth + 1)
            }
        }
    }

    /// Writes `count` elements between `open` and `close`, one per line when indented.
    static func writeContainer(
        count: Int, open: Unicode.Scalar, close: Unicode.Scalar, to output: inout [UInt8],
        layout: JSONLayout, depth: Int, writeElement: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        if count == 0 {
            if layout.isIndented && layout.opensEmptyContainers {
                output.append(UInt8(ascii: "\n"))
                newline(to: &output, layout: layout, depth: depth)
            }
            output.append(UInt8(ascii: close))
            return
        }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(to: &output, layout: layout, depth: depth + 1)
            writeElement(index, &output)
        }
        newline(to: &output, layout: layout, depth: depth)
        output.append(UInt8(ascii: close))
    }

    /// Appends the decimal digits of `value`, as `String(value)` spells them, without making
    /// a string.
    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    private static func newline(to output: inout [UInt8], layout: JSONLayout, depth: Int) {
        guard layout.isIndented else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// A whole number without `.0` (`2`), otherwise the shortest text that reads back as the
    /// same double (`0.1`, `1e-07`); `null` for a value JSON cannot hold.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return value.description
    }
}
