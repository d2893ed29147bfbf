extension XLSXError {
    /// The most characters of any one value a message shows.
    static let shownCharacterLimit = 200

    /// `text` in double quotes for a message. A longer value is cut after
    /// `shownCharacterLimit` characters and its size given: `"abc…" (20000000 bytes)`.
    package static func quoted(_ text: some StringProtocol) -> String {
        let (shown, isCut) = head(of: text)
        return isCut ? "\"\(shown)…\" (\(text.utf8.count) bytes)" : "\"\(shown)\""
    }

    /// UTF-8 `bytes` from the file, quoted as `quoted(_:)` does; only the bytes shown are decoded.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // A character takes at most 4 bytes: this many always hold the limit and one more.
        let window = (shownCharacterLimit + 1) * 4
        guard bytes.count > window else { return quoted(String(decoding: bytes, as: UTF8.self)) }
        let (shown, _) = head(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<window]), as: UTF8.self))
        return "\"\(shown)…\" (\(bytes.count) bytes)"
    }

    /// A name from the file (a part, a sheet) for a message, cut to `shownCharacterLimit`
    /// characters with `…`.
    package static func shown(_ text: some StringProtocol) -> String {
        let (shown, isCut) = head(of: text)
        return isCut ? shown + "…" : shown
    }

    private static func head(of text: some StringProtocol) -> (String, isCut: Bool) {
        // Characters never outnumber UTF-8 bytes, so a short text needs no counting.
        guard text.utf8.count > shownCharacterLimit else { return (String(text), false) }
        let head = text.unicodeScalars.prefix(shownCharacterLimit + 1)
        guard head.count > shownCharacterLimit else { return (String(text), false) }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: head.prefix(shownCharacterLimit))
        return (String(shown), true)
    }
}
