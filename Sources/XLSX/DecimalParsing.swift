#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers straight from XML bytes, without making a `String`.
enum DecimalParsing {
    /// A non-negative decimal integer (surrounding XML whitespace allowed), or nil when the
    /// bytes are anything else or would overflow.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var end = bytes.count
        while index < end, isSpace(bytes[index]) { index += 1 }
        while end > index, isSpace(bytes[end - 1]) { end -= 1 }
        guard index < end, end - index <= 18 else { return nil }
        var value = 0
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return value
    }

    /// Exact powers of ten: a decimal with at most 15 significant digits divided by one of
    /// these is correctly rounded (both operands are exact doubles).
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A number as Excel writes it in `<v>` (`42`, `-0.5`, `1.5E-3`), or nil when the text is
    /// not one. `buffer` is used as scratch for a NUL terminator.
    @inline(__always)
    static func double(_ buffer: ByteBuffer) -> Double? {
        // Fast path: [-]digits[.digits] with at most 15 significant digits is computed exactly;
        // anything else (exponents, long mantissas, spaces) goes to strtod.
        let base = buffer.base
        let count = buffer.count
        var index = 0
        var negative = false
        if count > 0, base[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < count {
            let byte = base[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ Int(digit)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                return slowDouble(buffer)
            }
            index += 1
        }
        guard digits > 0, digits <= 15 else { return slowDouble(buffer) }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    private static func slowDouble(_ buffer: ByteBuffer) -> Double? {
        let bytes = buffer.bytes
        // strtod also accepts hex floats, "inf" and "nan"; Excel never writes those.
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "e"), UInt8(ascii: "E"), 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                return nil
            }
        }
        let start = buffer.cString
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(start, &end)
        guard let end, end != UnsafeMutablePointer(mutating: start) else { return nil }
        var rest = UnsafePointer(end)
        while isSpace(UInt8(bitPattern: rest.pointee)) { rest += 1 }
        guard rest.pointee == 0 else { return nil }
        return value
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
