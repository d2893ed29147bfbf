/// The members of a JWT's header or claims: a JSON object (RFC 8259) read byte by byte, its
/// members' names with the values a token's checks look at (texts, numbers, true/false, null,
/// lists of those). Nested objects are read through, to be sure the whole text is JSON, and kept
/// as `.other`. It is what `AccessToken` reads every request with, in place of Foundation's
/// `JSONSerialization` (which built a dictionary of bridged objects for each token).
enum TokenJSON: Equatable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case null
    case list([TokenJSON])
    /// An object nested in the members: checked, not kept.
    case other

    /// The object's members by name, or nil when `bytes` is not one JSON object (with only
    /// whitespace around it) or names a member twice (which of the two a token means is unsaid).
    static func object(_ bytes: [UInt8]) -> [String: TokenJSON]? {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard let members = reader.members() else { return nil }
        reader.skipSpace()
        return reader.atEnd ? members : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        /// How deep in lists and objects the reader is: a token nesting beyond this is refused
        /// rather than followed down the stack.
        var depth = 0
        static let deepest = 32

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { at == bytes.count }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 {
                at += 1
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// `{ "name": value, … }`, at an opening brace.
        mutating func members() -> [String: TokenJSON]? {
            guard take(UInt8(ascii: "{")), depth < Self.deepest else { return nil }
            depth += 1
            defer { depth -= 1 }
            var members: [String: TokenJSON] = [:]
            skipSpace()
            if take(UInt8(ascii: "}")) { return members }
            while true {
                skipSpace()
                guard let name = text() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value(), members.updateValue(value, forKey: name) == nil else { return nil }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "}")) ? members : nil
            }
        }

        mutating func value() -> TokenJSON? {
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return text().map(TokenJSON.text)
            case UInt8(ascii: "{"):
                return members() == nil ? nil : .other
            case UInt8(ascii: "["):
                return list()
            case UInt8(ascii: "t"):
                return word("true") ? .bool(true) : nil
            case UInt8(ascii: "f"):
                return word("false") ? .bool(false) : nil
            case UInt8(ascii: "n"):
                return word("null") ? .null : nil
            default:
                return number()
            }
        }

        mutating func list() -> TokenJSON? {
            guard take(UInt8(ascii: "[")), depth < Self.deepest else { return nil }
            depth += 1
            defer { depth -= 1 }
            var items: [TokenJSON] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return .list(items) }
            while true {
                skipSpace()
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                return take(UInt8(ascii: "]")) ? .list(items) : nil
            }
        }

        mutating func word(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - at >= count else { return false }
            let matches = word.withUTF8Buffer { expected in
                expected.indices.allSatisfy { bytes[at + $0] == expected[$0] }
            }
            if matches { at += count }
            return matches
        }

        /// `-? int frac? exp?` as JSON spells a number.
        mutating func number() -> TokenJSON? {
            let start = at
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                // No leading zero before more digits.
                guard at == bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) else {
                    return nil
                }
            } else {
                guard digits() else { return nil }
            }
            if take(UInt8(ascii: ".")) {
                guard digits() else { return nil }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() else { return nil }
            }
            let lexeme = String(decoding: bytes[start..<at], as: UTF8.self)
            guard let number = Double(lexeme), number.isFinite else { return nil }
            return .number(number)
        }

        /// One or more digits; true when there was one.
        mutating func digits() -> Bool {
            let start = at
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
            return at > start
        }

        /// A JSON string at its opening quote, its escapes resolved; nil when it is not one
        /// (an unescaped control character, a bad escape, a lone surrogate, bytes that are not
        /// UTF-8).
        mutating func text() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            // The common case: no escape, the bytes as they are.
            while at < bytes.count, bytes[at] >= 0x20, bytes[at] != UInt8(ascii: "\""),
                bytes[at] != UInt8(ascii: "\\")
            {
                at += 1
            }
            guard at < bytes.count else { return nil }
            var utf8 = Array(bytes[start..<at])
            while true {
                guard at < bytes.count else { return nil }
                let byte = bytes[at]
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard at < bytes.count else { return nil }
                    let escape = bytes[at]
                    at += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(scalar) {
                            // A high surrogate: its low half must follow as \uDC00-\uDFFF.
                            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                                (0xDC00..<0xE000).contains(low)
                            else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        utf8.append(contentsOf: String(Character(unicode)).utf8)
                    default:
                        return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    utf8.append(byte)
                }
            }
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - at >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[at]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                at += 1
            }
            return value
        }
    }
}

/// base64url (RFC 4648 §5) decoded byte by byte: the URL-safe alphabet (the standard one's `+`
/// and `/` are taken too), padding optional but, when given, right.
enum Base64URL {
    static func decode(_ text: Substring.UTF8View) -> [UInt8]? {
        var end = text.endIndex
        var padding = 0
        while end > text.startIndex, text[text.index(before: end)] == UInt8(ascii: "=") {
            end = text.index(before: end)
            padding += 1
        }
        let count = text.distance(from: text.startIndex, to: end)
        guard count % 4 != 1, padding == 0 || (count + padding) % 4 == 0, padding <= 2 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        var index = text.startIndex
        while index < end {
            let byte = text[index]
            index = text.index(after: index)
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"), UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "_"), UInt8(ascii: "/"): value = 63
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}
