/// A programme's id: a UUID-shaped string (version 8, "custom") hashed from a text that names
/// everything the programme came from, fed to it piece by piece, so the same inputs give the
/// same id and different programmes practically never share one. Not a security token.
struct ProgrammeID {
    // Two FNV-1a lanes with different offsets, each finished by SplitMix64's mixer.
    private var lanes: (UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4)

    /// Feeds the UTF-8 bytes of `text`.
    mutating func append(_ text: String) {
        for byte in text.utf8 { append(byte: byte) }
    }

    /// Feeds `value` in decimal, as `"\(value)"` spells it.
    mutating func append(_ value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            append(byte: UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    private mutating func append(byte: UInt8) {
        lanes.0 = (lanes.0 ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        lanes.1 = (lanes.1 ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        lanes.1 = lanes.1 &+ (lanes.0 >> 29)
    }

    /// The id of everything fed so far.
    var id: String {
        var high = Self.mix(lanes.0)
        var low = Self.mix(lanes.1 ^ high)
        high = (high & ~0xF000) | 0x8000  // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 9562 variant
        let hex = Self.hexDigits(high) + Self.hexDigits(low)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
