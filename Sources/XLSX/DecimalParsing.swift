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
        guard index < end, end - index <= 18, let base = bytes.baseAddress else { return nil }
        return decimalValue(base + index, end - index)
    }

    /// The value of `count` decimal digits from `start`, or nil at any other byte.
    @inline(__always)
    private static func decimalValue(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var value = 0
        for index in 0..<count {
            let digit = start[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Exact powers of ten: a mantissa below 2^53 multiplied or divided by one of these is
    /// correctly rounded (both operands are exact doubles).
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A number as Excel writes it in `<v>` (`42`, `-0.5`, `1.5E-3`, `0.15084917392450192`),
    /// or nil when the text is not one. `buffer` is used as scratch for a NUL terminator.
    ///
    /// `[-]digits[.digits][(e|E)[+|-]digits]` with at most 19 significant digits is read here,
    /// correctly rounded like `strtod`: exactly when the mantissa and the power of ten are both
    /// exact doubles, else by Eisel and Lemire's method (the mantissa times a 128-bit power of
    /// five, `powersOfFive`). Anything else (more digits, spaces, subnormal or overflowing
    /// results, the rare product too close to call) goes to `strtod`.
    @inline(__always)
    static func double(_ buffer: ByteBuffer) -> Double? {
        let base = buffer.base
        let count = buffer.count
        var index = 0
        var negative = false
        if count > 0, base[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        let numberStart = index
        // Leading zeros carry no significant digit.
        while index < count, base[index] == UInt8(ascii: "0") { index += 1 }
        var mantissa: UInt64 = 0
        let integerDigits = index
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        var significant = index - integerDigits
        var sawDigits = index > numberStart
        var exponent = 0
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            // Zeros right after the point of a number below 1 only move the exponent.
            if significant == 0 {
                while index < count, base[index] == UInt8(ascii: "0") { index += 1 }
            }
            let fractionDigits = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            significant += index - fractionDigits
            exponent = fractionStart - index
            sawDigits = sawDigits || index > fractionStart
        }
        // More than 19 significant digits overflowed the mantissa: strtod reads those.
        guard sawDigits, significant <= 19 else { return slowDouble(buffer) }
        if index < count {
            guard base[index] | 0x20 == UInt8(ascii: "e"),
                  let written = writtenExponent(base + index + 1, count - index - 1) else {
                return slowDouble(buffer)
            }
            exponent += written
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let value: Double
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = exponent < 0
                ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
        } else if let product = eiselLemire(mantissa, exponent) {
            value = product
        } else {
            return slowDouble(buffer)
        }
        return negative ? -value : value
    }

    /// The exponent after an `e`: an optional sign and 1 to 5 digits filling the rest.
    @inline(__always)
    private static func writtenExponent(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var index = 0
        var negative = false
        if count > 0, start[0] == UInt8(ascii: "-") || start[0] == UInt8(ascii: "+") {
            negative = start[0] == UInt8(ascii: "-")
            index = 1
        }
        guard count > index, count - index <= 5, let value = decimalValue(start + index, count - index) else {
            return nil
        }
        return negative ? -value : value
    }

    /// `mantissa` × 10^`exponent` correctly rounded to a normal double, or nil when it is
    /// subnormal, overflows, or the 128-bit product cannot decide the rounding.
    @inline(__always)
    private static func eiselLemire(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        guard exponent >= smallestPowerOfFive, exponent <= 308 else { return nil }
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalised = mantissa << leadingZeros
        let index = (exponent - smallestPowerOfFive) * 2
        var (high, low) = normalised.multipliedFullWidth(by: powersOfFive[index])
        // The upper 55 bits are all a double needs, unless the bits below them are all ones:
        // then the low half of the power of five may carry into them.
        if high & 0x1FF == 0x1FF {
            let (carry, _) = normalised.multipliedFullWidth(by: powersOfFive[index + 1])
            let (sum, overflow) = low.addingReportingOverflow(carry)
            low = sum
            if overflow { high &+= 1 }
        }
        if low == .max, exponent < -27 || exponent > 55 { return nil }
        let upperBit = Int(high >> 63)
        let shift = upperBit + 9
        var bits = high >> UInt64(shift)
        // floor(log2(10^exponent)) + 63, the product's binary exponent, biased by 1023.
        var power = ((217_706 * exponent) >> 16) + 63 + upperBit - leadingZeros + 1023
        guard power > 0 else { return nil }
        // Exactly halfway between two doubles: round to even.
        if low <= 1, exponent >= -4, exponent <= 23, bits & 3 == 1, bits << UInt64(shift) == high {
            bits &= ~1
        }
        bits += bits & 1
        bits >>= 1
        if bits >= 2 << 52 {
            bits = 1 << 52
            power += 1
        }
        bits &= ~(1 << 52)
        guard power < 0x7FF else { return nil }
        return Double(bitPattern: bits | UInt64(power) << 52)
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
