/// Fixed-width decimal digits in ASCII text: how dates and moments are read and written, byte by
/// byte, by `CalendarDate` and `Timestamp`. The stores read and write one per row, so this stays
/// clear of Character and Unicode work.
enum ASCIIDigits {
    /// The value of the `count` digits at `start` of `bytes`; nil when one is not `0`-`9` or the
    /// text is too short.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + count {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// Writes the `width` last decimal digits of `value` (0 or more), zero-padded, at `start`.
    static func write(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for index in stride(from: start + width - 1, through: start, by: -1) {
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }

    /// `value` zero-padded to `width` digits (wider when it needs more).
    static func text(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
