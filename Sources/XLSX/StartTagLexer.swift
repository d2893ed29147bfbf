#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the attributes of one tag, from its `<`, fed in pieces: each `=` outside a quoted
/// value is one. Comments, CDATA, declarations, processing instructions and end tags are not
/// start tags and end the lexing at once.
struct StartTagLexer {
    struct TooManyAttributes: Error {
        /// The tag's name, as far as it was read.
        let element: String
    }

    private enum State {
        case opening, name, attributes
        case quoted(UInt8)
    }

    private var state = State.opening
    private var name: [UInt8] = []
    private var attributes = 0

    /// Lexes the next bytes of the tag. Returns where the tag (or what turned out not to be a
    /// start tag) ends in `bytes`, or nil when it goes on past them.
    mutating func lex(_ bytes: UnsafeBufferPointer<UInt8>) throws(TooManyAttributes) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .opening:
                // The `<` itself, then what follows it.
                if byte != UInt8(ascii: "<") {
                    if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "/") {
                        return index
                    }
                    state = .name
                    continue
                }
            case .name:
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") { return index }
                if DecimalParsing.isSpace(byte) || byte == UInt8(ascii: "/") {
                    state = .attributes
                } else if name.count < 64 {
                    name.append(byte)
                }
            case .attributes:
                switch byte {
                case UInt8(ascii: ">"), UInt8(ascii: "<"):
                    return index
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    state = .quoted(byte)
                case UInt8(ascii: "="):
                    attributes += 1
                    if attributes > StartTagScanner.maxAttributes {
                        throw TooManyAttributes(element: String(decoding: name, as: UTF8.self))
                    }
                default:
                    break
                }
            case .quoted(let quote):
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                guard let base = rest.baseAddress, let found = memchr(base, Int32(quote), rest.count) else {
                    return nil
                }
                index += UnsafeRawPointer(found) - UnsafeRawPointer(base)
                state = .attributes
            }
            index += 1
        }
        return nil
    }
}
