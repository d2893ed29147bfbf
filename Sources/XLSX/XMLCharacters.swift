/// What `XMLTokenizer` needs to know about bytes and characters: a class per byte for its
/// scanning loops, strict UTF-8 decoding, and XML 1.0's Char and Name productions (fifth
/// edition, as libxml2 applies them).
enum XMLCharacters {
    /// In text, stops the run: `<`, `&`, `]`, CR, a control character, a non-ASCII byte.
    static let textStop: UInt8 = 0x01
    /// In an attribute value, stops the run: a quote, `<`, `&`, TAB, LF, CR, a control
    /// character, a non-ASCII byte.
    static let valueStop: UInt8 = 0x02
    /// An ASCII NameChar other than `:` (which splits a qualified name): letters, digits, `_`,
    /// `-`, `.`.
    static let nameChar: UInt8 = 0x04
    /// An ASCII NameStartChar other than `:`: letters, `_`.
    static let nameStart: UInt8 = 0x08
    /// XML white space: space, TAB, LF, CR.
    static let space: UInt8 = 0x10
    /// In a comment, stops the run: `-`, a control character, a non-ASCII byte.
    static let commentStop: UInt8 = 0x20
    /// In a CDATA section, stops the run: `]`, a control character, a non-ASCII byte.
    static let cdataStop: UInt8 = 0x40
    /// In a processing instruction, stops the run: `?`, a control character, a non-ASCII byte.
    static let instructionStop: UInt8 = 0x80

    /// One entry per byte value. Allocated once for the life of the process and never written
    /// after it is filled, so every thread may read it.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            var flags: UInt8 = 0
            let isControl = byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
            if isControl || byte >= 0x80 {
                flags |= textStop | valueStop | commentStop | cdataStop | instructionStop
            }
            switch UInt8(byte) {
            case UInt8(ascii: "<"), UInt8(ascii: "&"): flags |= textStop | valueStop
            case UInt8(ascii: "]"): flags |= textStop | cdataStop
            case 0x0D: flags |= textStop | valueStop | space
            case 0x09, 0x0A: flags |= valueStop | space
            case 0x20: flags |= space
            case UInt8(ascii: "\""), UInt8(ascii: "'"): flags |= valueStop
            case UInt8(ascii: "-"): flags |= commentStop | nameChar
            case UInt8(ascii: "?"): flags |= instructionStop
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                flags |= nameChar | nameStart
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                flags |= nameChar
            default:
                break
            }
            table[byte] = flags
        }
        return UnsafePointer(table)
    }()

    /// The namespaces XML reserves for the prefixes `xml` and `xmlns`.
    static let xmlNamespace = Array("http://www.w3.org/XML/1998/namespace".utf8)
    static let xmlnsNamespace = Array("http://www.w3.org/2000/xmlns/".utf8)

    /// A character decoded from UTF-8: the scalar and its length in bytes.
    struct Decoded {
        var scalar: UInt32
        var length: Int
    }

    enum Decoding {
        case character(Decoded)
        /// The bytes end inside the sequence.
        case incomplete
        /// Not UTF-8, or not an XML Char (U+FFFE, U+FFFF).
        case invalid
    }

    /// Decodes the multi-byte sequence whose lead byte (≥ 0x80) is at `start`, strictly: no
    /// overlong forms, no surrogates, nothing above U+10FFFF, and only XML Chars.
    @inline(__always)
    static func decode(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Decoding {
        let lead = UInt32(start[0])
        let available = end - start
        if lead >= 0xC2 && lead <= 0xDF {
            guard available >= 2 else { return .incomplete }
            let second = UInt32(start[1])
            guard second & 0xC0 == 0x80 else { return .invalid }
            return .character(Decoded(scalar: (lead & 0x1F) << 6 | (second & 0x3F), length: 2))
        }
        if lead >= 0xE0 && lead <= 0xEF {
            guard available >= 2 else { return .incomplete }
            let second = UInt32(start[1])
            let low: UInt32 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt32 = lead == 0xED ? 0x9F : 0xBF
            guard second >= low && second <= high else { return .invalid }
            guard available >= 3 else { return .incomplete }
            let third = UInt32(start[2])
            guard third & 0xC0 == 0x80 else { return .invalid }
            let scalar = (lead & 0x0F) << 12 | (second & 0x3F) << 6 | (third & 0x3F)
            guard scalar != 0xFFFE && scalar != 0xFFFF else { return .invalid }
            return .character(Decoded(scalar: scalar, length: 3))
        }
        if lead >= 0xF0 && lead <= 0xF4 {
            guard available >= 2 else { return .incomplete }
            let second = UInt32(start[1])
            let low: UInt32 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt32 = lead == 0xF4 ? 0x8F : 0xBF
            guard second >= low && second <= high else { return .invalid }
            guard available >= 3 else { return .incomplete }
            let third = UInt32(start[2])
            guard third & 0xC0 == 0x80 else { return .invalid }
            guard available >= 4 else { return .incomplete }
            let fourth = UInt32(start[3])
            guard fourth & 0xC0 == 0x80 else { return .invalid }
            let scalar = (lead & 0x07) << 18 | (second & 0x3F) << 12 | (third & 0x3F) << 6 | (fourth & 0x3F)
            return .character(Decoded(scalar: scalar, length: 4))
        }
        return .invalid
    }

    /// Whether `scalar` is an XML 1.0 Char.
    static func isCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// NameStartChar for a non-ASCII scalar.
    static func isNameStart(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF:
            true
        default:
            false
        }
    }

    /// NameChar for a non-ASCII scalar.
    static func isNameCharacter(_ scalar: UInt32) -> Bool {
        isNameStart(scalar) || scalar == 0xB7 || (0x300...0x36F).contains(scalar) || (0x203F...0x2040).contains(scalar)
    }

    /// Appends `scalar` (an XML Char) as UTF-8.
    static func encode(_ scalar: UInt32, into output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            output[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            output[0] = UInt8(0xC0 | scalar >> 6)
            output[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            output[0] = UInt8(0xE0 | scalar >> 12)
            output[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | scalar >> 18)
            output[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
