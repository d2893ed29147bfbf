#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `XMLTokenizer`'s state and work.
///
/// The hot path is `run`: text, start tags and end tags are read there with a table look-up a
/// byte; everything rarer (comments, CDATA, processing instructions, names with a colon or
/// beyond ASCII, references, namespace declarations) and every error message sits in
/// functions of its own, out of the way of the loop.
struct XMLTokenizerCore<Handler: XMLContentHandler>: ~Copyable {
    let part: String
    private let handler: Handler
    private let classes = XMLCharacters.table

    /// The window: bytes `start..<end` are not consumed yet.
    private var window: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    /// Line feeds in the bytes already dropped from the window.
    private var linesBefore = 0
    /// A token longer than a chunk stopped the parse: wait for this many bytes before trying
    /// it again, so that a huge token costs linear time.
    private var waitFor = 0

    private enum Phase { case prolog, content, epilog }
    /// Inside a comment, a CDATA section or a processing instruction's data, which can be
    /// longer than a chunk and are read as streams.
    private enum Mode { case markup, comment, cdata, instruction }
    private var phase = Phase.prolog
    private var mode = Mode.markup
    private var failure: XLSXError?

    /// The open elements' qualified names, one after another, and where each starts.
    private var openNames = GrowableBytes()
    private var openElements: UnsafeMutablePointer<OpenElement>
    private var openCount = 0
    private var openCapacity = 64
    /// Namespace prefixes declared by the open elements (`xmlns:r`), one after another.
    private var prefixes = GrowableBytes()
    private var bindings: [Binding] = []

    /// The attributes of the tag being read, as handlers get them (with their qualified names
    /// until namespaces are resolved, for the rare tag that needs it); for a value decoded
    /// into `decodedValues` (its `value` nil until the tag is read), where it starts there; for
    /// the tags with namespaces, where each local name starts in its qualified name.
    private var attributes: UnsafeMutablePointer<XMLAttribute>
    private var localOffsets: UnsafeMutablePointer<Int>
    private var decodedOffsets: UnsafeMutablePointer<Int>
    private var attributeCapacity = 16
    private var decodedValues = GrowableBytes()
    /// Four bytes for a decoded reference or a line feed handed over as text.
    private let scratch: UnsafeMutablePointer<UInt8>

    private struct OpenElement {
        var offset: Int
        var count: Int
        var localOffset: Int
        var bindingCount: Int
    }

    private struct Binding {
        var offset: Int
        var count: Int
    }

    static var prologLimit: Int { 1 << 20 }

    init(part: String, handler: Handler, sizeHint: Int64?) {
        self.part = part
        self.handler = handler
        capacity = Int(clamping: min(sizeHint ?? (1 << 16), 1 << 16)) + 4096
        window = .allocate(capacity: capacity)
        attributes = .allocate(capacity: attributeCapacity)
        localOffsets = .allocate(capacity: attributeCapacity)
        decodedOffsets = .allocate(capacity: attributeCapacity)
        scratch = .allocate(capacity: 4)
        openElements = .allocate(capacity: openCapacity)
    }

    deinit {
        openElements.deallocate()
        scratch.deallocate()
        window.deallocate()
        attributes.deallocate()
        localOffsets.deallocate()
        decodedOffsets.deallocate()
    }

    var bufferedPrologue: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: window, count: phase == .prolog ? end : 0)
    }

    /// Returns whether the part needs libxml2.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(XLSXError) -> Bool {
        if let failure { throw failure }
        append(bytes)
        return try parse(final: false)
    }

    /// Returns whether the part needs libxml2.
    mutating func finish() throws(XLSXError) -> Bool {
        if let failure { throw failure }
        return try parse(final: true)
    }

    private mutating func parse(final: Bool) throws(XLSXError) -> Bool {
        if phase == .prolog {
            switch prolog(final: final) {
            case .needMore: return false
            case .fallBack: return true
            case .root(let offset):
                start = offset
                phase = .content
            }
        }
        if !final && end - start < waitFor { return false }
        do {
            try run()
            if final { try checkComplete() }
        } catch {
            failure = error
            throw error
        }
        return false
    }

    // MARK: The window

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if end + bytes.count > capacity, start > 0 {
            linesBefore += Self.lineFeeds(in: UnsafePointer(window), count: start)
            let tail = end - start
            memmove(window, window + start, tail)
            start = 0
            end = tail
        }
        if end + bytes.count > capacity {
            var newCapacity = capacity * 2
            while newCapacity < end + bytes.count { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: window, count: end)
            window.deallocate()
            window = grown
            capacity = newCapacity
        }
        (window + end).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        end += bytes.count
    }

    private static func lineFeeds(in base: UnsafePointer<UInt8>, count: Int) -> Int {
        var lines = 0
        var cursor = base
        let stop = base + count
        while cursor < stop, let found = memchr(cursor, 0x0A, stop - cursor) {
            lines += 1
            cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return lines
    }

    // MARK: Errors

    /// `xml.malformed` at `position`, with its line. The reason is only built when thrown.
    @inline(never)
    private func malformed(_ reason: @autoclosure () -> String, at position: UnsafePointer<UInt8>) -> XLSXError {
        let offset = min(max(position - UnsafePointer(window), 0), end)
        let line = linesBefore + Self.lineFeeds(in: UnsafePointer(window), count: offset) + 1
        return XLSXError(.malformedXML, "\(XLSXError.shown(part)) is not well-formed XML at line \(line): \(reason())",
                         part: part, line: line)
    }

    @inline(never)
    private func tooManyAttributes(_ name: UnsafePointer<UInt8>, _ count: Int) -> XLSXError {
        XLSXError(.tooManyAttributes,
            "\(XLSXError.shown(part)): a <\(shownName(name, count))> start tag has more than "
            + "\(StartTagScanner.maxAttributes) attributes; refused (no workbook needs that many)", part: part)
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }

    private func shownName(_ base: UnsafePointer<UInt8>, _ count: Int) -> String {
        XLSXError.shown(String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self))
    }

    // MARK: The prolog

    private enum PrologOutcome {
        case needMore
        case fallBack
        /// The root element's `<` is at this offset.
        case root(Int)
    }

    /// Reads the XML declaration, comments, processing instructions and white space before the
    /// root element, from the first byte every time (nothing is consumed until the root).
    private mutating func prolog(final: Bool) -> PrologOutcome {
        let base = UnsafePointer(window)
        let stop = base + end
        let needMore: PrologOutcome = final || end > Self.prologLimit ? .fallBack : .needMore
        var cursor = base
        switch Self.match(cursor, stop, "\u{FEFF}") {
        case nil: return needMore
        case true: cursor += 3
        case false: break
        }
        switch Self.match(cursor, stop, "<?xml") {
        case nil: return needMore
        case true:
            guard cursor + 5 < stop else { return needMore }
            if classes[Int(cursor[5])] & XMLCharacters.space != 0 {
                guard let close = Self.find("?>", from: cursor + 5, to: stop) else { return needMore }
                guard declarationIsPlain(cursor + 5, close) else { return .fallBack }
                cursor = close + 2
            }
        case false: break
        }
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
            guard cursor + 1 < stop else { return needMore }
            guard cursor[0] == UInt8(ascii: "<") else { return .fallBack }
            let next = cursor[1]
            if classes[Int(next)] & XMLCharacters.nameStart != 0 || next >= 0x80 || next == UInt8(ascii: ":") {
                return .root(cursor - base)
            }
            if next == UInt8(ascii: "!") {
                switch Self.match(cursor, stop, "<!--") {
                case nil: return needMore
                case false: return .fallBack
                case true:
                    guard let close = Self.find("-->", from: cursor + 4, to: stop) else { return needMore }
                    guard commentIsPlain(cursor + 4, close) else { return .fallBack }
                    cursor = close + 3
                }
            } else if next == UInt8(ascii: "?") {
                guard let close = Self.find("?>", from: cursor + 2, to: stop) else { return needMore }
                guard instructionIsPlain(cursor + 2, close) else { return .fallBack }
                cursor = close + 2
            } else {
                return .fallBack
            }
        }
    }

    /// Whether `literal` starts at `cursor`: nil when the bytes end before it could tell.
    private static func match(_ cursor: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>,
                              _ literal: StaticString) -> Bool? {
        let expected = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount {
            guard cursor + index < stop else { return nil }
            if cursor[index] != expected[index] { return false }
        }
        return true
    }

    private static func find(_ literal: StaticString, from: UnsafePointer<UInt8>,
                             to stop: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        let count = literal.utf8CodeUnitCount
        var cursor = from
        while cursor + count <= stop {
            guard let found = memchr(cursor, Int32(literal.utf8Start[0]), stop - cursor) else { return nil }
            cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if cursor + count <= stop, memcmp(cursor, literal.utf8Start, count) == 0 { return cursor }
            cursor += 1
        }
        return nil
    }

    /// `version="1.0"`, then optionally `encoding="UTF-8"` and `standalone="yes|no"`: the
    /// declaration of every UTF-8 part. Anything else is libxml2's to judge.
    private mutating func declarationIsPlain(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        var cursor = from
        func skipSpace() -> Bool {
            let before = cursor
            while cursor < to, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
            return cursor > before
        }
        func pseudoAttribute(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
            let mark = cursor
            guard cursor + name.utf8CodeUnitCount <= to,
                  memcmp(cursor, name.utf8Start, name.utf8CodeUnitCount) == 0 else { return nil }
            cursor += name.utf8CodeUnitCount
            _ = skipSpace()
            guard cursor < to, cursor[0] == UInt8(ascii: "=") else { cursor = mark; return nil }
            cursor += 1
            _ = skipSpace()
            guard cursor < to, cursor[0] == UInt8(ascii: "\"") || cursor[0] == UInt8(ascii: "'") else {
                cursor = mark
                return nil
            }
            let quote = cursor[0]
            let valueStart = cursor + 1
            var valueEnd = valueStart
            while valueEnd < to, valueEnd[0] != quote { valueEnd += 1 }
            guard valueEnd < to else { cursor = mark; return nil }
            cursor = valueEnd + 1
            return UnsafeBufferPointer(start: valueStart, count: valueEnd - valueStart)
        }
        guard skipSpace(), let version = pseudoAttribute("version"), version.elementsEqual("1.0".utf8) else {
            return false
        }
        var spaced = skipSpace()
        if spaced, let encoding = pseudoAttribute("encoding") {
            let lowered = encoding.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            guard lowered.elementsEqual("utf-8".utf8) else { return false }
            spaced = skipSpace()
        }
        if spaced, let standalone = pseudoAttribute("standalone") {
            guard standalone.elementsEqual("yes".utf8) || standalone.elementsEqual("no".utf8) else { return false }
            _ = skipSpace()
        }
        return cursor == to
    }

    /// A comment's text in the prolog: characters, and no `--`.
    private mutating func commentIsPlain(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        guard charactersArePlain(from, to) else { return false }
        var cursor = from
        while cursor < to {
            if cursor[0] == UInt8(ascii: "-"), cursor + 1 < to, cursor[1] == UInt8(ascii: "-") { return false }
            cursor += 1
        }
        return to == from || to[-1] != UInt8(ascii: "-")
    }

    /// A processing instruction in the prolog: an ASCII target other than `xml`, then
    /// characters after white space.
    private mutating func instructionIsPlain(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        var cursor = from
        guard cursor < to, classes[Int(cursor[0])] & XMLCharacters.nameStart != 0 else { return false }
        while cursor < to, classes[Int(cursor[0])] & XMLCharacters.nameChar != 0 { cursor += 1 }
        let target = UnsafeBufferPointer(start: from, count: cursor - from)
        if target.count == 3, target.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 })
            .elementsEqual("xml".utf8) { return false }
        if target.contains(UInt8(ascii: ":")) { return false }
        guard cursor == to || classes[Int(cursor[0])] & XMLCharacters.space != 0 else { return false }
        return charactersArePlain(cursor, to)
    }

    private mutating func charactersArePlain(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) -> Bool {
        var cursor = from
        while cursor < to {
            let byte = cursor[0]
            if byte < 0x80 {
                if byte < 0x20 && classes[Int(byte)] & XMLCharacters.space == 0 { return false }
                cursor += 1
                continue
            }
            guard case .character(let decoded) = XMLCharacters.decode(cursor, to) else { return false }
            cursor += decoded.length
        }
        return true
    }

    // MARK: Content

    /// Reads tokens from `start` until the window ends inside one.
    private mutating func run() throws(XLSXError) {
        let base = UnsafePointer(window)
        let stop = base + end
        var cursor = base + start
        defer { start = cursor - base }
        waitFor = 0
        while cursor < stop {
            let next: UnsafePointer<UInt8>?
            if mode != .markup {
                next = try stream(cursor, stop)
            } else if cursor[0] != UInt8(ascii: "<") {
                next = phase == .content ? try text(cursor, stop) : try spaceOutsideRoot(cursor, stop)
            } else if cursor + 1 < stop, phase == .content, cursor[1] == UInt8(ascii: "/") {
                next = try endTag(cursor, stop)
            } else if cursor + 1 < stop, phase == .content, classes[Int(cursor[1])] & XMLCharacters.nameStart != 0
                        || startsUnusualName(cursor, stop) {
                next = try startTag(cursor, stop)
            } else {
                next = try otherMarkup(cursor, stop)
            }
            guard let next, next > cursor else {
                // The window ends inside a token: wait for more, and for a long token until
                // the bytes waiting have doubled.
                if stop - cursor > 1 << 14 { waitFor = 2 * (stop - cursor) }
                return
            }
            cursor = next
        }
    }

    private mutating func checkComplete() throws(XLSXError) {
        let base = UnsafePointer(window)
        let stop = base + end
        switch mode {
        case .comment: throw malformed("the part ends inside a comment", at: stop)
        case .cdata: throw malformed("the part ends inside a CDATA section", at: stop)
        case .instruction: throw malformed("the part ends inside a processing instruction", at: stop)
        case .markup: break
        }
        if start < end {
            throw malformed("the part ends in the middle of a tag, a reference or a character", at: stop)
        }
        if phase == .content, openCount > 0 {
            let open = openElements[openCount - 1]
            throw malformed("the part ends before <\(shownName(openNames.base + open.offset, open.count))> is closed",
                            at: stop)
        }
    }

    private mutating func spaceOutsideRoot(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>)
        throws(XLSXError) -> UnsafePointer<UInt8>? {
        var cursor = from
        while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
        if cursor < stop, cursor[0] != UInt8(ascii: "<") {
            throw malformed("text after the root element", at: cursor)
        }
        return cursor
    }

    /// Character data up to the next `<`, handed over in pieces: references decoded, CR LF and
    /// lone CR read as LF. Returns where it stopped (at a `<`, or at bytes that need the next
    /// chunk to be read).
    @inline(__always)
    private mutating func text(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8> {
        var cursor = from
        var piece = from
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.textStop == 0 { cursor += 1 }
            guard cursor < stop else { break }
            let byte = cursor[0]
            if byte == UInt8(ascii: "<") {
                try deliver(piece, cursor)
                return cursor
            }
            guard let after = try textSpecial(cursor, stop, piece: &piece) else { break }
            cursor = after
        }
        try deliver(piece, cursor)
        return cursor
    }

    /// What stops a run of text other than `<`: a reference, `]`, CR, a non-ASCII character or
    /// a byte to refuse. Returns where the text goes on, or nil when the window ends first (the
    /// text before `piece` has then been handed over).
    @inline(never)
    private mutating func textSpecial(_ cursor: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>,
                                      piece: inout UnsafePointer<UInt8>) throws(XLSXError) -> UnsafePointer<UInt8>? {
        let byte = cursor[0]
        if byte >= 0x80 {
            guard let after = try character(cursor, stop, in: "text") else {
                try deliver(piece, cursor)
                piece = cursor
                return nil
            }
            return after
        }
        switch byte {
        case UInt8(ascii: "&"):
            try deliver(piece, cursor)
            piece = cursor
            guard let (scalar, after) = try reference(cursor, stop) else { return nil }
            let count = XMLCharacters.encode(scalar, into: scratch)
            try handler.characters(UnsafeBufferPointer(start: scratch, count: count))
            piece = after
            return after
        case UInt8(ascii: "]"):
            guard cursor + 2 < stop else {
                try deliver(piece, cursor)
                piece = cursor
                return nil
            }
            if cursor[1] == UInt8(ascii: "]") && cursor[2] == UInt8(ascii: ">") {
                throw malformed("']]>' in text (it only closes a CDATA section)", at: cursor)
            }
            return cursor + 1
        case 0x0D:
            try deliver(piece, cursor)
            piece = cursor
            guard cursor + 1 < stop else { return nil }
            piece = cursor + 1
            if cursor[1] != 0x0A { try lineFeed() }
            return cursor + 1
        default:
            throw malformed("\(describe(byte)) is not an XML character (in text)", at: cursor)
        }
    }

    @inline(__always)
    private mutating func deliver(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) throws(XLSXError) {
        if to > from { try handler.characters(UnsafeBufferPointer(start: from, count: to - from)) }
    }

    /// A CR not followed by LF is read as LF.
    private mutating func lineFeed() throws(XLSXError) {
        scratch[0] = 0x0A
        try handler.characters(UnsafeBufferPointer(start: scratch, count: 1))
    }

    /// Steps over the non-ASCII character or refuses the control character at `cursor`; nil when
    /// the window ends inside it.
    private mutating func character(_ cursor: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>,
                                    in place: StaticString) throws(XLSXError) -> UnsafePointer<UInt8>? {
        let byte = cursor[0]
        guard byte >= 0x80 else {
            throw malformed("\(describe(byte)) is not an XML character (in \(place))", at: cursor)
        }
        switch XMLCharacters.decode(cursor, stop) {
        case .character(let decoded): return cursor + decoded.length
        case .incomplete: return nil
        case .invalid:
            throw malformed("bytes that are not UTF-8, or not an XML character, in \(place)", at: cursor)
        }
    }

    /// `&name;`, `&#NN;` or `&#xHH;` at `amp`: the character and where the reference ends, or nil
    /// when the window ends inside it.
    private mutating func reference(_ amp: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> (UInt32, UnsafePointer<UInt8>)? {
        var cursor = amp + 1
        guard cursor < stop else { return nil }
        if cursor[0] == UInt8(ascii: "#") {
            cursor += 1
            guard cursor < stop else { return nil }
            let hex = cursor[0] == UInt8(ascii: "x")
            if hex { cursor += 1 }
            var value: UInt32 = 0
            var digits = 0
            while true {
                guard cursor < stop else { return nil }
                let byte = cursor[0]
                if byte == UInt8(ascii: ";") { break }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw malformed("a character reference with \(describe(byte)) in it", at: amp)
                }
                value = min(value * (hex ? 16 : 10) + digit, 0x110000)
                digits += 1
                cursor += 1
            }
            guard digits > 0, XMLCharacters.isCharacter(value) else {
                throw malformed("a character reference to something that is not an XML character", at: amp)
            }
            return (value, cursor + 1)
        }
        guard let nameEnd = try name(cursor, stop)?.end else { return nil }
        guard nameEnd[0] == UInt8(ascii: ";") else {
            throw malformed("an entity reference without its ';'", at: amp)
        }
        let count = nameEnd - cursor
        let name = XMLName(base: cursor, count: count)
        let scalar: UInt32
        if name.is("amp") {
            scalar = 0x26
        } else if name.is("lt") {
            scalar = 0x3C
        } else if name.is("gt") {
            scalar = 0x3E
        } else if name.is("quot") {
            scalar = 0x22
        } else if name.is("apos") {
            scalar = 0x27
        } else {
            throw malformed("the entity &\(shownName(cursor, count)); is not defined", at: amp)
        }
        return (scalar, nameEnd + 1)
    }

    /// A name read from the window: where it ends, and where its local part starts.
    struct ScannedName {
        var end: UnsafePointer<UInt8>
        var localOffset: Int
    }

    /// The XML Name at `from`, or nil when the window ends before the name does; throws when
    /// no name starts there. ASCII names without a colon (nearly all) are read here, inline;
    /// the rest by `nameSlowly`.
    @inline(__always)
    private mutating func name(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> ScannedName? {
        var cursor = from
        if cursor < stop, classes[Int(cursor[0])] & XMLCharacters.nameStart != 0 {
            cursor += 1
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.nameChar != 0 { cursor += 1 }
            if cursor < stop, cursor[0] < 0x80, cursor[0] != UInt8(ascii: ":") {
                return ScannedName(end: cursor, localOffset: 0)
            }
        }
        return try nameSlowly(from, stop)
    }

    /// `name` for a name with a colon or a non-ASCII character, or none at all.
    @inline(never)
    private mutating func nameSlowly(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> ScannedName? {
        var cursor = from
        guard cursor < stop else { return nil }
        let first = cursor[0]
        if classes[Int(first)] & XMLCharacters.nameStart != 0 || first == UInt8(ascii: ":") {
            cursor += 1
        } else if first >= 0x80 {
            switch XMLCharacters.decode(cursor, stop) {
            case .incomplete: return nil
            case .character(let decoded) where XMLCharacters.isNameStart(decoded.scalar): cursor += decoded.length
            default: throw malformed("a name starts with a character names cannot start with", at: cursor)
            }
        } else {
            throw malformed("a name was expected, not \(describe(first))", at: cursor)
        }
        while true {
            while cursor < stop,
                  classes[Int(cursor[0])] & XMLCharacters.nameChar != 0 || cursor[0] == UInt8(ascii: ":") {
                cursor += 1
            }
            guard cursor < stop else { return nil }
            guard cursor[0] >= 0x80 else { break }
            switch XMLCharacters.decode(cursor, stop) {
            case .incomplete: return nil
            case .character(let decoded) where XMLCharacters.isNameCharacter(decoded.scalar): cursor += decoded.length
            default: return ScannedName(end: cursor, localOffset: localOffset(from, cursor - from))
            }
        }
        return ScannedName(end: cursor, localOffset: localOffset(from, cursor - from))
    }

    /// Where the local name starts in a qualified name, as libxml2 splits it: after the first
    /// colon when a name can start there, else the whole name is local.
    private func localOffset(_ name: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var colon = 0
        while colon < count, name[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon > 0, colon < count - 1 else { return 0 }
        let next = name[colon + 1]
        if next < 0x80 { return classes[Int(next)] & XMLCharacters.nameStart != 0 ? colon + 1 : 0 }
        guard case .character(let decoded) = XMLCharacters.decode(name + colon + 1, name + count),
              XMLCharacters.isNameStart(decoded.scalar) else { return 0 }
        return colon + 1
    }

    // MARK: Markup

    /// Whether the start tag at `open`, in the root element, has a name starting with a colon or
    /// a character beyond ASCII.
    private func startsUnusualName(_ open: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) -> Bool {
        guard open + 1 < stop, phase == .content else { return false }
        return open[1] >= 0x80 || open[1] == UInt8(ascii: ":")
    }

    /// Markup other than a start tag or an end tag in the root element: comments, CDATA
    /// sections, processing instructions, and what is refused.
    @inline(never)
    private mutating func otherMarkup(_ open: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        guard open + 1 < stop else { return nil }
        let next = open[1]
        if classes[Int(next)] & XMLCharacters.nameStart != 0 || next >= 0x80 || next == UInt8(ascii: ":") {
            throw malformed("a second root element", at: open)
        }
        switch next {
        case UInt8(ascii: "/"):
            guard phase == .content else { throw malformed("an end tag after the root element", at: open) }
            return try endTag(open, stop)
        case UInt8(ascii: "!"):
            switch Self.match(open, stop, "<!--") {
            case nil: return nil
            case true:
                mode = .comment
                return open + 4
            case false: break
            }
            if phase == .content {
                switch Self.match(open, stop, "<![CDATA[") {
                case nil: return nil
                case true:
                    mode = .cdata
                    return open + 9
                case false: break
                }
            }
            throw malformed("'<!' that starts neither a comment nor a CDATA section here", at: open)
        case UInt8(ascii: "?"):
            guard let target = try name(open + 2, stop) else { return nil }
            let targetEnd = target.end
            let count = targetEnd - (open + 2)
            if count == 3, (open[2] | 0x20, open[3] | 0x20, open[4] | 0x20)
                == (UInt8(ascii: "x"), UInt8(ascii: "m"), UInt8(ascii: "l")) {
                throw malformed("a processing instruction named 'xml' (an XML declaration belongs at the start)",
                                at: open)
            }
            let after = targetEnd[0]
            if after == UInt8(ascii: "?") {
                guard targetEnd + 1 < stop else { return nil }
                guard targetEnd[1] == UInt8(ascii: ">") else {
                    throw malformed("a processing instruction's name runs into '?'", at: targetEnd)
                }
                return targetEnd + 2
            }
            guard classes[Int(after)] & XMLCharacters.space != 0 else {
                throw malformed("a processing instruction's name runs into \(describe(after))", at: targetEnd)
            }
            mode = .instruction
            return targetEnd
        default:
            throw malformed("'<' followed by \(describe(next))", at: open)
        }
    }

    /// A start tag or an empty-element tag at `open`: read whole, checked, then handed over.
    /// Nil when the window ends inside it.
    @inline(__always)
    private mutating func startTag(_ open: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        let nameStart = open + 1
        guard let element = try name(nameStart, stop) else { return nil }
        var cursor = element.end
        var count = 0
        var namespaces = false
        var decoded = false
        var empty = false
        decodedValues.count = 0
        while true {
            guard cursor < stop else { return nil }
            var byte = cursor[0]
            let spaced = classes[Int(byte)] & XMLCharacters.space != 0
            if spaced {
                repeat {
                    cursor += 1
                    guard cursor < stop else { return nil }
                    byte = cursor[0]
                } while classes[Int(byte)] & XMLCharacters.space != 0
            }
            if byte == UInt8(ascii: ">") {
                cursor += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard cursor + 1 < stop else { return nil }
                guard cursor[1] == UInt8(ascii: ">") else {
                    throw malformed("'/' not followed by '>' in <\(shownName(nameStart, element.end - nameStart))>",
                                    at: cursor)
                }
                cursor += 2
                empty = true
                break
            }
            guard spaced else {
                throw malformed("\(describe(byte)) in the tag <\(shownName(nameStart, element.end - nameStart))> "
                                + "where white space, '>' or '/>' belongs", at: cursor)
            }
            let attributeName = cursor
            guard let scanned = try name(cursor, stop) else { return nil }
            cursor = scanned.end
            if cursor[0] != UInt8(ascii: "=") {
                while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
                guard cursor < stop else { return nil }
                guard cursor[0] == UInt8(ascii: "=") else {
                    throw malformed("the attribute \(shownName(attributeName, scanned.end - attributeName)) has "
                                    + "no '=' and value", at: cursor)
                }
            }
            cursor += 1
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
            guard cursor < stop else { return nil }
            let quote = cursor[0]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw malformed("the value of \(shownName(attributeName, scanned.end - attributeName)) is not quoted",
                                at: cursor)
            }
            cursor += 1
            let valueStart = cursor
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.valueStop == 0 { cursor += 1 }
            guard cursor < stop else { return nil }
            if count == attributeCapacity { growAttributes() }
            attributes[count] = XMLAttribute(
                name: attributeName, nameCount: scanned.end - attributeName,
                value: valueStart, valueCount: cursor - valueStart, namespaced: false)
            if cursor[0] == quote {
                cursor += 1
            } else {
                let offset = decodedValues.count
                guard let after = try decodeValue(from: valueStart, quote: quote, stop) else { return nil }
                decodedOffsets[count] = offset
                attributes[count].value = nil
                attributes[count].valueCount = decodedValues.count - offset
                decoded = true
                cursor = after
            }
            // A prefix, or a name starting with `xmlns`: namespaces to look at after the tag.
            if scanned.localOffset > 0 || attributeName[0] == UInt8(ascii: "x") { namespaces = true }
            count += 1
            if count > StartTagScanner.maxAttributes { throw tooManyAttributes(nameStart, element.end - nameStart) }
        }
        if decoded {
            for index in 0..<count where attributes[index].value == nil {
                attributes[index].value = UnsafePointer(decodedValues.base + decodedOffsets[index])
            }
        }
        let bindingCount = bindings.count
        if namespaces {
            count = try resolveNamespaces(count, tag: open)
        } else if count > 1 {
            try checkUnique(count, tag: open)
        }
        let qualifiedCount = element.end - nameStart
        let local = element.localOffset
        let elementName = XMLName(base: nameStart + local, count: qualifiedCount - local)
        let delivered = XMLAttributes(base: attributes, count: count, ampersandsAsReferences: false)
        try handler.startElement(elementName, attributes: delivered)
        if empty {
            try handler.endElement(elementName)
            if bindings.count > bindingCount { closeBindings(downTo: bindingCount) }
            if openCount == 0 { phase = .epilog }
        } else {
            if openCount == openCapacity { growOpenElements() }
            openElements[openCount] = OpenElement(
                offset: openNames.count, count: qualifiedCount, localOffset: local, bindingCount: bindingCount)
            openCount += 1
            openNames.append(nameStart, count: qualifiedCount)
        }
        return cursor
    }

    /// The qualified name of attribute `index` of the tag being read, before namespaces are
    /// resolved.
    @inline(__always)
    private func qualifiedName(_ index: Int) -> XMLName {
        XMLName(base: attributes[index].name, count: attributes[index].nameCount)
    }

    /// The local part of attribute `index`'s name (`localOffsets` filled).
    private func localPart(_ index: Int) -> XMLName {
        XMLName(base: attributes[index].name + localOffsets[index],
                count: attributes[index].nameCount - localOffsets[index])
    }

    /// Refuses a tag that names an attribute twice (the same qualified name), for tags without
    /// namespace declarations or prefixes.
    @inline(__always)
    private mutating func checkUnique(_ count: Int, tag: UnsafePointer<UInt8>) throws(XLSXError) {
        guard count <= 32 else { return try checkUniqueSlowly(count, tag: tag, declarations: false) }
        for later in 1..<count {
            let name = attributes[later]
            for earlier in 0..<later where attributes[earlier].nameCount == name.nameCount
                && attributes[earlier].name[0] == name.name[0]
                && memcmp(attributes[earlier].name, name.name, name.nameCount) == 0 {
                throw malformed("the attribute \(shownName(name.name, name.nameCount)) appears twice in a tag", at: tag)
            }
        }
    }

    /// `checkUnique` by qualified names, for any tag; as in libxml2, a namespace declaration
    /// that declares nothing (see `declaresNothing`) is not counted.
    @inline(never)
    private mutating func checkUniqueSlowly(_ count: Int, tag: UnsafePointer<UInt8>, declarations: Bool)
        throws(XLSXError) {
        var seen = Set<[UInt8]>(minimumCapacity: count)
        for index in 0..<count {
            if declarations && declaresNothing(index) { continue }
            let name = qualifiedName(index)
            if !seen.insert(Array(UnsafeBufferPointer(start: name.base, count: name.count))).inserted {
                throw malformed("the attribute \(shownName(name.base, name.count)) appears twice in a tag", at: tag)
            }
        }
    }

    /// Whether attribute `index` is a namespace declaration (`xmlns` or `xmlns:p`).
    private func isDeclaration(_ index: Int) -> Bool {
        let name = qualifiedName(index)
        guard name.count >= 5, memcmp(name.base, "xmlns", 5) == 0 else { return false }
        return name.count == 5 || localOffsets[index] == 6
    }

    /// A namespace declaration libxml2 sets aside without declaring anything: `xmlns:p=""`, one
    /// for the reserved prefixes `xml` and `xmlns`, or one naming the reserved namespaces.
    private func declaresNothing(_ index: Int) -> Bool {
        guard isDeclaration(index) else { return false }
        let value = attributes[index].bytes
        if value.elementsEqual(XMLCharacters.xmlNamespace) || value.elementsEqual(XMLCharacters.xmlnsNamespace) {
            return true
        }
        guard localOffsets[index] == 6 else { return false }
        let prefix = localPart(index)
        return value.isEmpty || prefix.is("xml") || prefix.is("xmlns")
    }

    /// For a tag with a prefixed attribute or a namespace declaration: checks the attributes
    /// are unique, records the prefixes the tag binds, leaves the declarations out of the
    /// attributes handed over and marks the namespaced ones. Returns how many remain.
    @inline(never)
    private mutating func resolveNamespaces(_ count: Int, tag: UnsafePointer<UInt8>) throws(XLSXError) -> Int {
        for index in 0..<count {
            localOffsets[index] = localOffset(attributes[index].name, attributes[index].nameCount)
        }
        if count > 1 { try checkUniqueSlowly(count, tag: tag, declarations: true) }
        for index in 0..<count where localOffsets[index] == 6 && isDeclaration(index) && !declaresNothing(index) {
            let prefix = localPart(index)
            bindings.append(Binding(offset: prefixes.count, count: prefix.count))
            prefixes.append(prefix.base, count: prefix.count)
        }
        var kept = 0
        for index in 0..<count where !isDeclaration(index) {
            let local = localOffsets[index]
            var attribute = attributes[index]
            attribute.namespaced = local > 0 && isBound(attribute.name, local - 1)
            attribute.name += local
            attribute.nameCount -= local
            attributes[kept] = attribute
            kept += 1
        }
        return kept
    }

    /// Whether the prefix is `xml` or declared by an open element (or the tag being read).
    private func isBound(_ prefix: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count == 3, memcmp(prefix, "xml", 3) == 0 { return true }
        var index = bindings.count
        while index > 0 {
            index -= 1
            let binding = bindings[index]
            if binding.count == count, memcmp(prefixes.base + binding.offset, prefix, count) == 0 { return true }
        }
        return false
    }

    private mutating func closeBindings(downTo count: Int) {
        guard bindings.count > count else { return }
        prefixes.count = bindings[count].offset
        bindings.removeSubrange(count...)
    }

    private mutating func growAttributes() {
        let capacity = attributeCapacity * 2
        let grownAttributes = UnsafeMutablePointer<XMLAttribute>.allocate(capacity: capacity)
        grownAttributes.update(from: attributes, count: attributeCapacity)
        attributes.deallocate()
        attributes = grownAttributes
        let grownLocal = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        grownLocal.update(from: localOffsets, count: attributeCapacity)
        localOffsets.deallocate()
        localOffsets = grownLocal
        let grownDecoded = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        grownDecoded.update(from: decodedOffsets, count: attributeCapacity)
        decodedOffsets.deallocate()
        decodedOffsets = grownDecoded
        attributeCapacity = capacity
    }

    private mutating func growOpenElements() {
        let grown = UnsafeMutablePointer<OpenElement>.allocate(capacity: openCapacity * 2)
        grown.update(from: openElements, count: openCount)
        openElements.deallocate()
        openElements = grown
        openCapacity *= 2
    }

    /// An attribute value that holds a reference, white space to normalise, a non-ASCII
    /// character or a byte to refuse, decoded into `decodedValues`. Returns where the value's
    /// closing quote ends, or nil when the window ends first.
    @inline(never)
    private mutating func decodeValue(from: UnsafePointer<UInt8>, quote: UInt8, _ stop: UnsafePointer<UInt8>)
        throws(XLSXError) -> UnsafePointer<UInt8>? {
        var cursor = from
        var run = from
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.valueStop == 0 { cursor += 1 }
            guard cursor < stop else { return nil }
            let byte = cursor[0]
            switch byte {
            case quote:
                decodedValues.append(run, count: cursor - run)
                return cursor + 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                cursor += 1
            case UInt8(ascii: "<"):
                throw malformed("'<' in an attribute value", at: cursor)
            case UInt8(ascii: "&"):
                decodedValues.append(run, count: cursor - run)
                guard let (scalar, after) = try reference(cursor, stop) else { return nil }
                decodedValues.append(scalar: scalar)
                cursor = after
                run = cursor
            case 0x09, 0x0A:
                decodedValues.append(run, count: cursor - run)
                decodedValues.append(scalar: 0x20)
                cursor += 1
                run = cursor
            case 0x0D:
                decodedValues.append(run, count: cursor - run)
                guard cursor + 1 < stop else { return nil }
                cursor += cursor[1] == 0x0A ? 2 : 1
                decodedValues.append(scalar: 0x20)
                run = cursor
            default:
                guard let after = try character(cursor, stop, in: "an attribute value") else { return nil }
                cursor = after
            }
        }
    }

    /// An end tag at `open`; it must close the element opened last.
    @inline(__always)
    private mutating func endTag(_ open: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        guard openCount > 0 else { throw malformed("an end tag with no element open", at: open) }
        let element = openElements[openCount - 1]
        let expected = UnsafePointer(openNames.base + element.offset)
        let nameStart = open + 2
        var cursor = nameStart
        var matches = nameStart + element.count < stop
        if matches {
            var index = 0
            while index < element.count, nameStart[index] == expected[index] { index += 1 }
            matches = index == element.count && nameStart[index] == UInt8(ascii: ">")
        }
        if matches {
            cursor = nameStart + element.count + 1
        } else {
            guard let after = try endTagSlowly(nameStart, stop, expected: expected, count: element.count) else {
                return nil
            }
            cursor = after
        }
        try handler.endElement(
            XMLName(base: expected + element.localOffset, count: element.count - element.localOffset))
        openCount -= 1
        openNames.count = element.offset
        if bindings.count > element.bindingCount { closeBindings(downTo: element.bindingCount) }
        if openCount == 0 { phase = .epilog }
        return cursor
    }

    /// An end tag that is not `</name>` for the element open: white space before `>`, a name
    /// cut by the end of the window, or a mismatch.
    @inline(never)
    private mutating func endTagSlowly(_ nameStart: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>,
                                       expected: UnsafePointer<UInt8>, count: Int)
        throws(XLSXError) -> UnsafePointer<UInt8>? {
        guard let nameEnd = try name(nameStart, stop)?.end else { return nil }
        guard nameEnd - nameStart == count, memcmp(nameStart, expected, count) == 0 else {
            throw malformed("the end tag </\(shownName(nameStart, nameEnd - nameStart))> does not match "
                            + "<\(shownName(expected, count))>, the element open there", at: nameStart - 2)
        }
        var cursor = nameEnd
        while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.space != 0 { cursor += 1 }
        guard cursor < stop else { return nil }
        guard cursor[0] == UInt8(ascii: ">") else {
            throw malformed("\(describe(cursor[0])) in the end tag </\(shownName(expected, count))>", at: cursor)
        }
        return cursor + 1
    }

    // MARK: Comments, CDATA sections, processing instructions

    @inline(never)
    private mutating func stream(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        switch mode {
        case .comment: try comment(from, stop)
        case .cdata: try cdata(from, stop)
        case .instruction: try instruction(from, stop)
        case .markup: from
        }
    }

    /// Inside a comment: up to and past `-->`, refusing `--` before it.
    private mutating func comment(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        var cursor = from
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.commentStop == 0 { cursor += 1 }
            guard cursor < stop else { return cursor }
            if cursor[0] == UInt8(ascii: "-") {
                guard cursor + 2 < stop else { return cursor }
                if cursor[1] != UInt8(ascii: "-") {
                    cursor += 1
                    continue
                }
                guard cursor[2] == UInt8(ascii: ">") else { throw malformed("'--' inside a comment", at: cursor) }
                mode = .markup
                return cursor + 3
            }
            guard let after = try character(cursor, stop, in: "a comment") else { return cursor }
            cursor = after
        }
    }

    /// Inside a CDATA section: its text handed over in pieces, up to and past `]]>`. As libxml2
    /// does, CR is handed over as it is written.
    private mutating func cdata(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        var cursor = from
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.cdataStop == 0 { cursor += 1 }
            guard cursor < stop else { break }
            if cursor[0] == UInt8(ascii: "]") {
                guard cursor + 2 < stop else { break }
                if cursor[1] == UInt8(ascii: "]") && cursor[2] == UInt8(ascii: ">") {
                    try deliver(from, cursor)
                    mode = .markup
                    return cursor + 3
                }
                cursor += 1
            } else {
                guard let after = try character(cursor, stop, in: "a CDATA section") else { break }
                cursor = after
            }
        }
        try deliver(from, cursor)
        return cursor
    }

    /// Inside a processing instruction, after its target: up to and past `?>`.
    private mutating func instruction(_ from: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) throws(XLSXError)
        -> UnsafePointer<UInt8>? {
        var cursor = from
        while true {
            while cursor < stop, classes[Int(cursor[0])] & XMLCharacters.instructionStop == 0 { cursor += 1 }
            guard cursor < stop else { return cursor }
            if cursor[0] == UInt8(ascii: "?") {
                guard cursor + 1 < stop else { return cursor }
                if cursor[1] == UInt8(ascii: ">") {
                    mode = .markup
                    return cursor + 2
                }
                cursor += 1
                continue
            }
            guard let after = try character(cursor, stop, in: "a processing instruction") else { return cursor }
            cursor = after
        }
    }
}
