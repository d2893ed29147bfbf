/// A file of SQL statements, split into the statements PostgreSQL's extended protocol runs one
/// at a time (it refuses several in one message).
///
/// A `;` ends a statement unless it is inside a quoted string (`'…'`), a quoted identifier
/// (`"…"`), a dollar-quoted body (`$$…$$`, `$tag$…$tag$`) or a comment (`-- …`, `/* … */`,
/// nested). Backslash-escaped `E'…'` strings are not recognised: the project's files do not use
/// them. Statements holding nothing but comments and blanks are dropped.
public struct SQLScript: Sendable, Equatable {
    /// The statements, in order, each without its `;` and surrounding blanks.
    public let statements: [String]

    public init(_ text: String) {
        var statements: [String] = []
        var current: [UInt8] = []
        var hasCode = false
        let bytes = Array(text.utf8)
        var index = 0
        func flush() {
            let statement = String(decoding: current, as: UTF8.self).trimmingBlanks
            if hasCode, !statement.isEmpty { statements.append(statement) }
            current.removeAll()
            hasCode = false
        }
        while index < bytes.count {
            let end = Self.endOfToken(bytes, from: index)
            let isComment = Self.startsComment(bytes, at: index)
            if bytes[index] == UInt8(ascii: ";") {
                flush()
            } else {
                current.append(contentsOf: bytes[index..<end])
                if !isComment && !Self.isBlank(bytes[index]) { hasCode = true }
            }
            index = end
        }
        flush()
        self.statements = statements
    }

    // MARK: - Lexing

    /// The index just past the token starting at `start`: a quoted text, a comment, a
    /// dollar-quoted body, or one byte.
    private static func endOfToken(_ bytes: [UInt8], from start: Int) -> Int {
        let byte = bytes[start]
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            return endOfQuoted(bytes, from: start, quote: byte)
        }
        if startsComment(bytes, at: start) {
            let isLine = bytes[start] == UInt8(ascii: "-")
            return isLine ? endOfLine(bytes, from: start) : endOfBlockComment(bytes, from: start)
        }
        let followsWord = start > 0 && isTagByte(bytes[start - 1], first: false)
        if byte == UInt8(ascii: "$"), !followsWord, let tag = dollarTag(bytes, at: start) {
            return endOfDollarQuoted(bytes, from: start + tag.count, tag: tag)
        }
        return start + 1
    }

    private static func startsComment(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let pair = (bytes[index], bytes[index + 1])
        return pair == (UInt8(ascii: "-"), UInt8(ascii: "-")) || pair == (UInt8(ascii: "/"), UInt8(ascii: "*"))
    }

    /// `'it''s'` or `"a ""b"""`: a doubled quote stays inside.
    private static func endOfQuoted(_ bytes: [UInt8], from start: Int, quote: UInt8) -> Int {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count && bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    private static func endOfLine(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    private static func endOfBlockComment(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }

    /// `$$` or `$name$` at `index` (not `$1`, a parameter): the whole tag.
    private static func dollarTag(_ bytes: [UInt8], at index: Int) -> [UInt8]? {
        var end = index + 1
        while end < bytes.count, isTagByte(bytes[end], first: end == index + 1) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "$") else { return nil }
        return Array(bytes[index...end])
    }

    private static func isTagByte(_ byte: UInt8, first: Bool) -> Bool {
        let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        return isLetter || byte == UInt8(ascii: "_") || byte >= 0x80 || (!first && isDigit)
    }

    private static func endOfDollarQuoted(_ bytes: [UInt8], from start: Int, tag: [UInt8]) -> Int {
        var index = start
        while index + tag.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "$") && Array(bytes[index..<index + tag.count]) == tag {
                return index + tag.count
            }
            index += 1
        }
        return bytes.count
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}

extension String {
    fileprivate var trimmingBlanks: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
