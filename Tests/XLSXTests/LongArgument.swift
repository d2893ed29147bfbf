import Testing

/// A test argument that `swift test` names by its start and its length: every argument is
/// printed in its test case's name, and some are tens of thousands of characters (or newlines).
struct LongArgument: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    init(stringLiteral text: String) {
        self.text = text
    }

    /// The text with its control characters escaped, cut after 40 characters.
    var testDescription: String {
        let escaped = text.prefix(40).unicodeScalars.map { $0.escaped(asASCII: false) }.joined()
        return text.count > 40 ? "\"\(escaped)…\" (\(text.count) characters)" : "\"\(escaped)\""
    }
}
