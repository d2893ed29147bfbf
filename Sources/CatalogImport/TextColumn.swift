/// Texts kept one after another in one growing byte buffer, each found by its position: what a
/// rule keeps per swap group of a sheet that may have a million rows, at the bytes' cost plus
/// 8 bytes a text, instead of a `String` (and its allocation) per text.
struct TextColumn {
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes`; -1 - end for a nil text, which ends where the previous did.
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// Keeps `text` (nil included) as the next position.
    mutating func append(_ text: String?) {
        guard var text else { return ends.append(-1 - (ends.last.map(Self.end) ?? 0)) }
        text.withUTF8 { bytes.append(contentsOf: $0) }
        ends.append(bytes.count)
    }

    /// The text at `position`.
    subscript(position: Int) -> String? {
        withBytes(at: position) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether the text at `position` is `text`, as Swift compares text: equal bytes are, and
    /// plain ASCII that differs is not, without making a `String` of the kept bytes.
    func holds(_ text: String, at position: Int) -> Bool {
        var text = text
        let verdict: Bool? = withBytes(at: position) { kept in
            guard let kept else { return false }
            return text.withUTF8 { bytes -> Bool? in
                if kept.elementsEqual(bytes) { return true }
                return kept.allSatisfy { $0 < 0x80 } && bytes.allSatisfy { $0 < 0x80 } ? false : nil
            }
        }
        return verdict ?? (self[position] == text)
    }

    private static func end(_ stored: Int) -> Int { stored < 0 ? -1 - stored : stored }

    private func withBytes<T>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        let stored = ends[position]
        guard stored >= 0 else { return body(nil) }
        let start = position == 0 ? 0 : Self.end(ends[position - 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<stored])) }
    }
}
