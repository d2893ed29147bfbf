/// One value of a document being encoded: set once by a single-value container, or grown
/// member by member (an object keeps its keys in first-encoded order) or element by element.
final class JSONNode {
    private enum Kind {
        case unset, scalar, array, object
    }

    private var kind = Kind.unset
    private var scalar = JSONValue.null
    private var elements: [JSONNode] = []
    private var keys: [String] = []
    private var members: [String: JSONNode] = [:]

    /// The finished value. A value that encoded nothing is an empty object, as `JSONEncoder`
    /// writes it.
    var value: JSONValue {
        switch kind {
        case .unset: .object([])
        case .scalar: scalar
        case .array: .array(elements.map(\.value))
        case .object: .object(keys.compactMap { key in members[key].map { (key: key, value: $0.value) } })
        }
    }

    func set(_ value: JSONValue) {
        kind = .scalar
        scalar = value
    }

    /// Makes this node an object (keeping its members if it already is one).
    func becomeObject() {
        guard kind != .object else { return }
        kind = .object
        keys = []
        members = [:]
    }

    /// Makes this node an array (keeping its elements if it already is one).
    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        elements = []
    }

    /// A fresh node for the member `key`; a key encoded twice keeps its first place and its
    /// last value.
    func member(_ key: String) -> JSONNode {
        becomeObject()
        let node = JSONNode()
        if members.updateValue(node, forKey: key) == nil { keys.append(key) }
        return node
    }

    /// A fresh node appended to the array.
    func appendElement() -> JSONNode {
        becomeArray()
        let node = JSONNode()
        elements.append(node)
        return node
    }

    var elementCount: Int { elements.count }

    /// Encodes `value` into this node, writing common leaf types directly.
    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: set(.string(text))
        case let number as Int: set(.integer(number))
        case let flag as Bool: set(.bool(flag))
        case let number as Double: set(try Self.number(number, codingPath: codingPath))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not valid JSON"))
        }
        return .number(value)
    }

    static func integer(_ value: some BinaryInteger, codingPath: [any CodingKey]) throws -> JSONValue {
        guard let integer = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is too large"))
        }
        return .integer(integer)
    }
}

/// The `Encoder` handed to a value's `encode(to:)`.
struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

/// The coding key of an array element or of `super`.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
