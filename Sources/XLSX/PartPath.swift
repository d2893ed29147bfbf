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
    static func resolve(_ target: String, from source: String) -> String {
        let cleaned = percentDecoded(target.replacingBackslashes())
        var segments: [Substring] = []
        if !cleaned.hasPrefix("/") {
            segments = Array(source.split(separator: "/", omittingEmptySubsequences: true).dropLast())
        }
        for segment in cleaned.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let bytes = Array(text.utf8)
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
        return String(decoding: decoded, as: UTF8.self)
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
