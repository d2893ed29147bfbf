#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at the bytes of a part before libxml2 parses them, for a start tag with more than
/// `maxAttributes` attributes. libxml2 2.9 compares every attribute name with every other one
/// (duplicates are an error), so one tag with 100,000 attributes costs it seconds.
///
/// Cheap on ordinary XML: attribute values cannot hold `<`, so a start tag is a run of bytes
/// without `<` after its own. Each slice of at most `longRun` bytes costs one forward and one
/// backward search for `<`; only a run longer than `longRun` (too short a tag cannot hold
/// enough attributes to cost libxml2 much) is lexed, and then only up to the end of its tag.
struct StartTagScanner {
    static let maxAttributes = 10_000
    static let longRun = 1 << 16

    private enum State {
        /// No `<` since the last tag: text.
        case text
        /// A `<` was seen; the bytes from it on are in `run`, still short.
        case run
        /// A long run is being lexed.
        case lexing
    }

    private var state = State.text
    private var run: [UInt8] = []
    private var lexer = StartTagLexer()

    /// Scans the next bytes of the part; throws `xml.too_many_attributes` for a tag past the limit.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, part: String) throws(XLSXError) {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + Self.longRun, bytes.count)
            let slice = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[offset..<end])
            do throws(StartTagLexer.TooManyAttributes) {
                try scanSlice(slice)
            } catch {
                throw XLSXError(.tooManyAttributes,
                    "\(XLSXError.shown(part)): a <\(XLSXError.shown(error.element))> start tag has more than "
                    + "\(Self.maxAttributes) attributes; refused (no workbook needs that many, and parsing "
                    + "them would take minutes)", part: part)
            }
            offset = end
        }
    }

    private mutating func scanSlice(_ slice: UnsafeBufferPointer<UInt8>) throws(StartTagLexer.TooManyAttributes) {
        var rest = slice
        if state == .lexing {
            guard let end = try lexer.lex(rest) else { return }
            state = .text
            rest = UnsafeBufferPointer(rebasing: rest[end...])
        }
        if state == .run {
            if let first = Self.firstLessThan(in: rest) {
                if run.count + first > Self.longRun {
                    lexer = StartTagLexer()
                    _ = try run.withUnsafeBufferPointer { run throws(StartTagLexer.TooManyAttributes) in
                        try lexer.lex(run)
                    }
                    _ = try lexer.lex(UnsafeBufferPointer(rebasing: rest[..<first]))
                }
                state = .text
            } else if run.count + rest.count > Self.longRun {
                lexer = StartTagLexer()
                let ended = try run.withUnsafeBufferPointer { run throws(StartTagLexer.TooManyAttributes) in
                    try lexer.lex(run)
                }
                if ended == nil, try lexer.lex(rest) == nil {
                    state = .lexing
                } else {
                    // The run's tag ended: the rest of it, up to the next `<`, is text.
                    state = .text
                }
                return
            } else {
                run.append(contentsOf: rest)
                return
            }
        }
        guard let last = rest.lastIndex(of: UInt8(ascii: "<")) else { return }
        run.removeAll(keepingCapacity: true)
        run.append(contentsOf: rest[last...])
        state = .run
    }

    private static func firstLessThan(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(UInt8(ascii: "<")), bytes.count) else {
            return nil
        }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
