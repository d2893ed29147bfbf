// The three containers of `NodeEncoder`. Keyed and unkeyed containers take every value through
// their generic `encode`, which also stands in for the per-type requirements; the single-value
// container spells each leaf type out, because that is where leaf types encode themselves.

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.member(key.stringValue).set(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try node.member(key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = JSONKey(stringValue: "super")
        return NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.elementCount }

    private var nextKey: JSONKey { JSONKey(intValue: node.elementCount) }

    mutating func encodeNil() throws {
        node.appendElement().set(.null)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let path = codingPath + [nextKey]
        try node.appendElement().encode(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [nextKey]
        let child = node.appendElement()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [nextKey]
        let child = node.appendElement()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [nextKey]
        return NodeEncoder(node: node.appendElement(), codingPath: path)
    }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

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
        try node.encode(value, codingPath: codingPath)
    }
}
