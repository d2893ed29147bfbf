/// One attribute of a start tag, as a parser hands it over: bytes borrowed for the length of
/// the `startElement` event. Namespace declarations (`xmlns`, `xmlns:p`) are not attributes.
struct XMLAttribute {
    /// The local name: `id` for `r:id`.
    var name: UnsafePointer<UInt8>
    var nameCount: Int
    /// The value, references decoded and white space normalised (see `XMLAttributes`).
    var value: UnsafePointer<UInt8>?
    var valueCount: Int
    /// Whether the name has a prefix bound to a namespace (`r:id` under `xmlns:r`, `xml:space`).
    var namespaced: Bool

    var localName: XMLName { XMLName(base: name, count: nameCount) }
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: value, count: valueCount) }
}

/// The attributes of one start tag.
struct XMLAttributes {
    let base: UnsafePointer<XMLAttribute>?
    let count: Int
    /// libxml2 leaves `&` in attribute values as the character reference `&#38;` when entities
    /// are not replaced (TrainDB never replaces them); `XMLTokenizer` decodes every reference.
    let ampersandsAsReferences: Bool

    static var none: XMLAttributes { XMLAttributes(base: nil, count: 0, ampersandsAsReferences: false) }

    /// The raw bytes of the attribute whose local name is `localName` (any namespace, or, with
    /// `namespaced`, only a namespace-qualified one such as `r:id`).
    @inline(__always)
    func bytes(_ localName: StaticString, namespaced: Bool = false) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        var index = 0
        while index < count {
            let attribute = base[index]
            index += 1
            guard attribute.localName.is(localName) else { continue }
            if namespaced && !attribute.namespaced { continue }
            return attribute.bytes
        }
        return nil
    }

    /// Whether `xml:space="preserve"` is set: white space at the ends of the text is kept.
    var preservesSpace: Bool {
        bytes("space", namespaced: true)?.elementsEqual("preserve".utf8) == true
    }

    /// The attribute's value as a string.
    func string(_ localName: StaticString, namespaced: Bool = false) -> String? {
        guard let value = bytes(localName, namespaced: namespaced) else { return nil }
        return ampersandsAsReferences ? Self.decodedString(value) : String(decoding: value, as: UTF8.self)
    }

    /// `value` with libxml2's `&#38;` turned back into `&`.
    static func decodedString(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        let reference: [UInt8] = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "&"), index + reference.count <= value.count,
               value[index..<(index + reference.count)].elementsEqual(reference) {
                decoded.append(UInt8(ascii: "&"))
                index += reference.count
            } else {
                decoded.append(value[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
