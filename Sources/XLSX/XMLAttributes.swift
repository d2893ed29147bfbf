import CLibXML2

/// The attributes of one SAX2 start tag: libxml2 passes five pointers per attribute
/// (local name, prefix, namespace URI, value start, value end). Values are not NUL-terminated.
struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The raw bytes of the attribute whose local name is `localName` (any namespace, or, with
    /// `namespaced`, only a namespace-qualified one such as `r:id`).
    @inline(__always)
    func bytes(_ localName: StaticString, namespaced: Bool = false) -> UnsafeBufferPointer<UInt8>? {
        guard let base else { return nil }
        var index = 0
        while index < count {
            let attribute = base + index * 5
            index += 1
            guard let name = attribute[0], XMLName(bytes: name).is(localName) else { continue }
            if namespaced && attribute[2] == nil { continue }
            guard let start = attribute[3], let end = attribute[4], end >= start else {
                return UnsafeBufferPointer(start: nil, count: 0)
            }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// Whether `xml:space="preserve"` is set: white space at the ends of the text is kept.
    var preservesSpace: Bool {
        bytes("space", namespaced: true)?.elementsEqual("preserve".utf8) == true
    }

    /// The attribute's value as a string.
    ///
    /// libxml2 leaves `&` in attribute values as the character reference `&#38;` when entities
    /// are not replaced (TrainDB never replaces them), so that one sequence is decoded here.
    func string(_ localName: StaticString, namespaced: Bool = false) -> String? {
        guard let value = bytes(localName, namespaced: namespaced) else { return nil }
        return Self.decodedString(value)
    }

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
