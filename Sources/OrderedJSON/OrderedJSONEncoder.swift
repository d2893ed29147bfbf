import Foundation

/// Encodes `Encodable` values as JSON whose objects keep the order their members were encoded
/// in: a type's `encode(to:)` (or its synthesised `CodingKeys` order) is its JSON's key order,
/// so the same value always gives the same bytes.
///
/// ```swift
/// let encoder = OrderedJSONEncoder(layout: .indented)
/// let text = try encoder.encodeText(programme)
/// ```
///
/// It follows `JSONEncoder`'s conventions: a nil optional that a synthesised `Codable`
/// conformance encodes with `encodeIfPresent` is left out, one encoded with `encode` is `null`,
/// and a non-finite number is an `EncodingError`. A `JSONWritable` value is written by its own
/// `writeJSON(to:)` (same bytes, no tree) unless the layout sorts keys.
public struct OrderedJSONEncoder: Sendable {
    /// How the text is laid out.
    public var layout: JSONLayout

    public init(layout: JSONLayout = .compact) {
        self.layout = layout
    }

    /// The value as a `JSONValue` tree.
    public func value(of value: some Encodable) throws -> JSONValue {
        let node = JSONNode()
        try node.encode(value)
        return node.value
    }

    /// The value's JSON text as UTF-8 bytes, without a final newline.
    public func encode(_ value: some Encodable) throws -> Data {
        Data(try bytes(of: value))
    }

    /// The value's JSON text, without a final newline.
    public func encodeText(_ value: some Encodable) throws -> String {
        String(decoding: try bytes(of: value), as: UTF8.self)
    }

    private func bytes(of value: some Encodable) throws -> [UInt8] {
        if !layout.sortsKeys, let writable = value as? any JSONWritable {
            var writer = JSONWriter(layout: layout)
            writable.writeJSON(to: &writer)
            return writer.output
        }
        let node = JSONNode()
        try node.encode(value)
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        node.write(to: &output, layout: layout, depth: 0)
        return output
    }
}
