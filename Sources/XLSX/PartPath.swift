/// Package part names: where a part's relationships live and how a relationship target
/// (absolute `/xl/...`, relative, with `../`, percent-encoded, with `\`) resolves to a zip entry.
enum PartPath {
    /// The package root's relationships.
    static let rootRelationships = "_rels/.rels"

    /// `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`.
    static func relationships(of part: String) -> String {
        let segments = part.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = segments.last else { return rootRelationships }
        let directory = segments.dropLast().joined(separator: "/")
        return (directory.isEmpty ? "" : directory + "/") + "_rels/" + name + ".rels"
    }

    /// Resolves `target` against the directory of `source` (`""` for the package root).
    ///
    /// Works on the bytes: a workbook of 2,000 sheets resolves 2,000 targets as it opens.
    static func resolve(_ target: String, from source: String) -> String {
        var cleaned = Array(target.utf8)
        for index in cleaned.indices where cleaned[index] == UInt8(ascii: "\\") {
            cleaned[index] = UInt8(ascii: "/")
        }
        if cleaned.contains(UInt8(ascii: "%")) { cleaned = percentDecoded(cleaned) }
        var resolved: [UInt8] = []
        resolved.reserveCapacity(source.utf8.count + cleaned.count)
        /// Where each segment of `resolved` starts (its `/` separator included, but for the first).
        var starts: [Int] = []
        func push<Bytes: Collection<UInt8>>(_ segment: Bytes) {
            starts.append(resolved.count)
            if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
            resolved.append(contentsOf: segment)
        }
        if cleaned.first != UInt8(ascii: "/") {
            let directory = source.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).dropLast()
            for segment in directory { push(segment) }
        }
        for segment in cleaned.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if segment.elementsEqual(CollectionOfOne(UInt8(ascii: "."))) { continue }
            if segment.count == 2, segment.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                if let last = starts.popLast() { resolved.removeSubrange(last...) }
                continue
            }
            push(segment)
        }
        return String(decoding: resolved, as: UTF8.self)
    }

    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
