import XLSX

/// How a problem's message shows a value from a workbook: at most 200 characters of it, with
/// the size of a longer one, so a 50 MB cell gives a readable line (the reader's own rule,
/// `XLSXError.quoted`).
extension DefaultStringInterpolation {
    /// `"value"`, or `"first 200 characters…" (N bytes)` for a longer value.
    mutating func appendInterpolation(quoted value: some StringProtocol) {
        appendLiteral(XLSXError.quoted(value))
    }

    /// The value unquoted (a header, a name), cut after 200 characters with `…`.
    mutating func appendInterpolation(shown value: some StringProtocol) {
        appendLiteral(XLSXError.shown(value))
    }
}

extension Sequence where Element: StringProtocol {
    /// `"a", "b", "c"`, each quoted as a message quotes a value.
    var quotedList: String {
        map { "\(quoted: $0)" }.joined(separator: ", ")
    }
}
