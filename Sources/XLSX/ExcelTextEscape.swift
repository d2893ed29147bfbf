#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Excel's `_xHHHH_` escapes (ST_Xstring): characters XML cannot carry are written as the
/// UTF-16 code unit in hex between `_x` and `_`, and a literal `_xHHHH_` has its underscore
/// written as `_x005F_`.
package enum ExcelTextEscape {
    /// Decodes UTF-8 `bytes` into a string, resolving `_xHHHH_` escapes (surrogate pairs
    /// combined; a lone surrogate becomes U+FFFD).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard firstEscape(in: bytes, from: 0) != nil else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        appendDecoded(bytes, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 of `decode(bytes)` to `output` (`bytes` being UTF-8, as the parsers
    /// hand text over): the dump's batches keep text as bytes.
    static func appendDecoded(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let first = firstEscape(in: bytes, from: 0) else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(contentsOf: bytes[0..<first])
        var index = first
        while index < bytes.count {
            guard let unit = codeUnit(in: bytes, at: index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            index += 7
            var scalar: Unicode.Scalar?
            if UTF16.isLeadSurrogate(unit) {
                if let low = codeUnit(in: bytes, at: index), UTF16.isTrailSurrogate(low) {
                    index += 7
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                }
            } else if !UTF16.isTrailSurrogate(unit) {
                scalar = Unicode.Scalar(unit)
            }
            output.append(contentsOf: UTF8.encode(scalar ?? "\u{FFFD}").map(Array.init) ?? [])
        }
    }

    /// Encodes text for a cell: characters XML 1.0 cannot hold become `_xHHHH_`, and an
    /// underscore that starts something looking like an escape becomes `_x005F_`.
    package static func encode(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let utf8 = Array(text.utf8)
        let needsWork = scalars.contains { !isXMLCharacter($0) }
            || utf8.withUnsafeBufferPointer { firstEscape(in: $0, from: 0) != nil }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if !isXMLCharacter(scalar) {
                result.append(contentsOf: hexEscape(UInt16(truncatingIfNeeded: scalar.value)).unicodeScalars)
            } else if scalar == "_", looksLikeEscape(scalars, at: index) {
                result.append(contentsOf: "_x005F_".unicodeScalars)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func hexEscape(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return "_x" + String(repeating: "0", count: 4 - digits.count) + digits + "_"
    }

    private static func looksLikeEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 6 < scalars.count, scalars[index + 1] == "x", scalars[index + 6] == "_" else { return false }
        return scalars[(index + 2)...(index + 5)].allSatisfy { $0.properties.isASCIIHexDigit }
    }

    /// The offset of the first `_` that starts a well-formed `_xHHHH_`, from `start` on.
    private static func firstEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index + 6 < bytes.count {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "_")), bytes.count - 6 - index) else {
                return nil
            }
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if codeUnit(in: bytes, at: index) != nil { return index }
            index += 1
        }
        return nil
    }

    /// The code unit of a `_xHHHH_` starting at `index`, or nil when there is none there.
    private static func codeUnit(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        guard index + 6 < bytes.count, bytes[index] == UInt8(ascii: "_"),
              bytes[index + 1] == UInt8(ascii: "x"), bytes[index + 6] == UInt8(ascii: "_") else { return nil }
        var value: UInt16 = 0
        for offset in 2...5 {
            guard let digit = hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
