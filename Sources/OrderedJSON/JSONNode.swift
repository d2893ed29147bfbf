/// One value of a document being encoded: set once by a single-value container, or grown
/// member by member (an object keeps its keys in first-encoded order) or element by element.
///
/// Leaves (strings, numbers, booleans, null) are stored as values in their parent; only a
/// nested object or array gets a node of its own.
final class JSONNode {
    /// A member or element: a finished leaf, or a node still being encoded.
    enum Child {
        case leaf(JSONValue)
        case node(JSONNode)

        var value: JSONValue {
            switch self {
            case .leaf(let value): value
            case .node(let node): node.value
            }
        }

        func write(to output: inout [UInt8], layout: JSONLayout, depth: Int) {
            switch self {
            case .leaf(let value): value.write(to: &output, layout: layout, depth: depth)
            case .node(let node): node.write(to: &output, layout: layout, depth: depth)
            }
        }
    }

    private enum Kind {
        case unset, scalar, array, object
    }

    /// Where a node sits in its parent: what its coding path adds to the parent's.
    enum Place {
        case root
        case member(any CodingKey)
        case element(Int)

        var keys: [any CodingKey] {
            switch self {
            case .root: []
            case .member(let key): [key]
            case .element(let index): [JSONKey(intValue: index)]
            }
        }
    }

    /// The node this one is a member or element of. Unowned: a parent holds its children for as
    /// long as the document is being encoded, which is the only time a path is asked for.
    private unowned(unsafe) let parent: JSONNode?
    private let place: Place

    init(parent: JSONNode? = nil, place: Place = .root) {
        self.parent = parent
        self.place = place
    }

    /// The keys from the document's root to this node, built only when asked for (an error, or a
    /// type that reads its encoder's path), so that encoding allocates no path per value.
    var codingPath: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var node = self
        while let parent = node.parent {
            reversed += node.place.keys
            node = parent
        }
        return reversed.reversed()
    }

    // Unchecked: one encoding runs on one thread and holds no access across a call, so the
    // runtime's check of every access (a tenth of the encoding's time) proves nothing here.
    @exclusivity(unchecked) private var kind = Kind.unset
    @exclusivity(unchecked) private var scalar = JSONValue.null
    /// The array's elements.
    @exclusivity(unchecked) private var children: [Child] = []
    /// The object's members, in first-encoded order.
    @exclusivity(unchecked) private var members: [(key: String, child: Child)] = []

    /// The finished value. A value that encoded nothing is an empty object, as `JSONEncoder`
    /// writes it.
    var value: JSONValue {
        switch kind {
        case .unset: .object([])
        case .scalar: scalar
        case .array: .array(children.map(\.value))
        case .object: .object(members.map { (key: $0.key, value: $0.child.value) })
        }
    }

    var elementCount: Int { kind == .array ? children.count : 0 }

    /// Writes the finished value as `layout` says, as `JSONValue.write` would write `value`.
    func write(to output: inout [UInt8], layout: JSONLayout, depth: Int) {
        switch kind {
        case .unset: JSONValue.object([]).write(to: &output, layout: layout, depth: depth)
        case .scalar: scalar.write(to: &output, layout: layout, depth: depth)
        case .array:
            JSONValue.writeContainer(
                count: children.count, open: "[", close: "]", to: &output, layout: layout, depth: depth
            ) { index, output in
                children[index].write(to: &output, layout: layout, depth: depth + 1)
            }
        case .object:
            // Members in the order written, or by key.
            let sorted = layout.sortsKeys ? members.indices.sorted { members[$0].key < members[$1].key } : nil
            JSONValue.writeContainer(
                count: members.count, open: "{", close: "}", to: &output, layout: layout, depth: depth
            ) { index, output in
                let member = members[sorted?[index] ?? index]
                JSONString.append(member.key, to: &output)
                output += layout.separator
                member.child.write(to: &output, layout: layout, depth: depth + 1)
            }
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
        members = []
        // Room for a typical record's members at once, instead of growing 1, 2, 4, 8, 16.
        members.reserveCapacity(12)
    }

    /// Makes this node an array (keeping its elements if it already is one).
    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        children = []
    }

    /// Sets the member `key`; a key encoded twice keeps its first place and its last value.
    func setMember(_ key: String, _ child: Child) {
        becomeObject()
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].child = child
        } else {
            members.append((key, child))
        }
    }

    /// A fresh node for the member `key`.
    func member(_ key: any CodingKey) -> JSONNode {
        let node = JSONNode(parent: self, place: .member(key))
        setMember(key.stringValue, .node(node))
        return node
    }

    func append(_ child: Child) {
        becomeArray()
        children.append(child)
    }

    /// A fresh node appended to the array.
    func appendElement() -> JSONNode {
        let node = JSONNode(parent: self, place: nextElement)
        append(.node(node))
        return node
    }

    /// The place of the element the array would append next.
    var nextElement: Place { .element(elementCount) }

    /// `value` as a child of `parent` at `place`: a leaf for the common leaf types, otherwise a
    /// node it encodes itself into.
    static func child<Value: Encodable>(_ value: Value, of parent: JSONNode, at place: Place) throws -> Child {
        if let leaf = try leaf(value, codingPath: parent.codingPath + place.keys) {
            return .leaf(leaf)
        }
        let node = JSONNode(parent: parent, place: place)
        try value.encode(to: NodeEncoder(node: node))
        return .node(node)
    }

    /// Encodes `value` into this node, replacing what it held.
    func encode<Value: Encodable>(_ value: Value) throws {
        if let leaf = try Self.leaf(value, codingPath: codingPath) {
            set(leaf)
            return
        }
        kind = .unset
        children = []
        members = []
        try value.encode(to: NodeEncoder(node: self))
    }

    /// `value` itself when it is one of the common leaf types, which are stored in their parent
    /// without a node of their own.
    private static func leaf<Value: Encodable>(
        _ value: Value, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue? {
        // The type is known exactly here: comparing metatypes costs nothing, where a dynamic
        // cast (`as? String`) walks the runtime's conformance tables for every value.
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return .integer(unsafeBitCast(value, to: Int.self)) }
        if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if Value.self == String?.self { return unsafeBitCast(value, to: String?.self).map(JSONValue.string) ?? .null }
        if Value.self == Int?.self { return unsafeBitCast(value, to: Int?.self).map(JSONValue.integer) ?? .null }
        if Value.self == Double.self {
            return try number(unsafeBitCast(value, to: Double.self), codingPath: codingPath())
        }
        return nil
    }

    static func number(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath(), debugDescription: "\(value) is not valid JSON"))
        }
        return .number(value)
    }

    static func integer(
        _ value: some BinaryInteger, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue {
        guard let integer = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath(), debugDescription: "\(value) is too large"))
        }
        return .integer(integer)
    }
}

/// The `Encoder` handed to a value's `encode(to:)`.
struct NodeEncoder: Encoder {
    let node: JSONNode
    var codingPath: [any CodingKey] { node.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node)
    }
}

/// The coding key of an array element or of `super`.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// An array index, named as `JSONEncoder` names it in an error's path.
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
