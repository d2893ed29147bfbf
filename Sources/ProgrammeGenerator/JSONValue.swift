/// A JSON document whose objects keep their keys in the order they were written: what the
/// programme's encoder builds, so its output has a fixed key order and fixed bytes.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The JSON text: compact, or indented by two spaces per level with one member per line.
    /// Strings are UTF-8 with only `"`, `\` and control characters escaped.
    func rendered(pretty: Bool) -> String {
        String(decoding: renderedBytes(pretty: pretty), as: UTF8.self)
    }

    /// `rendered(pretty:)` as UTF-8 bytes.
    func renderedBytes(pretty: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        write(into: &output, pretty: pretty, depth: 0)
        return output
    }

    private func write(into output: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        case .number(let value): output += (value.isFinite ? String(value) : "null").utf8
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]".utf8
                return
            }
            output.append(UInt8(ascii: "["))
            for (offset, value) in values.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(into: &output, pretty: pretty, depth: depth + 1)
                value.write(into: &output, pretty: pretty, depth: depth + 1)
            }
            Self.newline(into: &output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}".utf8
                return
            }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(into: &output, pretty: pretty, depth: depth + 1)
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                member.value.write(into: &output, pretty: pretty, depth: depth + 1)
            }
            Self.newline(into: &output, pretty: pretty, depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into output: inout [UInt8], pretty: Bool, depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            case 0x08: output += #"\b"#.utf8
            case 0x0C: output += #"\f"#.utf8
            case ..<0x20:
                output += #"\u00"#.utf8
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let values = try? container.decode([JSONValue].self) {
            self = .array(values)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        }
    }

    /// What a message calls the value's type: "a string", "a number".
    var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The member named `key` of an object, or nil.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
