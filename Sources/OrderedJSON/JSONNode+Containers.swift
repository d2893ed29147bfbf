// The three containers of `NodeEncoder`. Keyed and unkeyed containers write the common leaf
// types directly and take every other value through their generic `encode`, which also stands
// in for the remaining per-type requirements; the single-value container spells each leaf type
// out, because that is where leaf types encode themselves.

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }

    private func set(_ leaf: JSONValue, _ key: Key) {
        node.setMember(key.stringValue, .leaf(leaf))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        node.setMember(key.stringValue, try JSONNode.child(value, of: node, at: .member(key)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member(JSONKey(stringValue: "super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key))
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elementCount }

    mutating func encodeNil() throws { node.append(.leaf(.null)) }
    mutating func encode(_ value: String) throws { node.append(.leaf(.string(value))) }
    mutating func encode(_ value: Int) throws { node.append(.leaf(.integer(value))) }
    mutating func encode(_ value: Bool) throws { node.append(.leaf(.bool(value))) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.append(try JSONNode.child(value, of: node, at: node.nextElement))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.appendElement()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendElement()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendElement())
    }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try JSONNode.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws {
        node.set(try JSONNode.number(Double(value), codingPath: codingPath))
    }
    mutating func encode(_ value: Int) throws { node.set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { node.set(.integer(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.integer(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.integer(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.set(try JSONNode.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt) throws { node.set(try JSONNode.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt8) throws { node.set(.integer(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.integer(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(try JSONNode.integer(value, codingPath: codingPath)) }
    mutating func encode(_ value: UInt64) throws { node.set(try JSONNode.integer(value, codingPath: codingPath)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try node.encode(value)
    }
}
