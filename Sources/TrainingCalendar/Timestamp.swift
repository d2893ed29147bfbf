import Foundation

/// Moments as the stores keep and the commands print them: UTC text to the millisecond,
/// `2026-01-05T18:00:00.000Z`, which sorts as it reads and which PostgreSQL reads as a
/// `timestamptz`; and the one strict reader of the moments people and replays type.
public enum Timestamp {
    /// `moment` as `YYYY-MM-DDTHH:MM:SS.SSSZ`.
    public static func text(_ moment: Date) -> String {
        let milliseconds = Int((moment.timeIntervalSince1970 * 1000).rounded())
        let dayMilliseconds = 86_400_000
        let dayNumber = Int((Double(milliseconds) / Double(dayMilliseconds)).rounded(.down))
        let rest = milliseconds - dayNumber * dayMilliseconds
        return write(CalendarDate(dayNumber: dayNumber), seconds: rest / 1000, milliseconds: rest % 1000)
    }

    /// `moment` as `YYYY-MM-DDTHH:MM:SSZ`, its fraction of a second dropped: how GymTrack stores
    /// moments and the journal's CSV export writes them.
    public static func secondsText(_ moment: Date) -> String {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
        return write(CalendarDate(dayNumber: dayNumber), seconds: seconds - dayNumber * 86_400, milliseconds: nil)
    }

    /// Appends `secondsText(moment)`'s UTF-8 to `bytes`, making no `String`: for writers that
    /// put one moment on each of thousands of lines (the journal's CSV export).
    public static func appendSecondsText(_ moment: Date, to bytes: inout [UInt8]) {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
        let date = CalendarDate(dayNumber: dayNumber)
        guard (0...9999).contains(date.year) else {
            bytes.append(contentsOf: secondsText(moment).utf8)
            return
        }
        let rest = seconds - dayNumber * 86_400
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 20))
        bytes.withUnsafeMutableBufferPointer { buffer in
            date.write(into: buffer, at: start)
            buffer[start + 10] = UInt8(ascii: "T")
            ASCIIDigits.write(rest / 3600, width: 2, into: buffer, at: start + 11)
            buffer[start + 13] = UInt8(ascii: ":")
            ASCIIDigits.write(rest % 3600 / 60, width: 2, into: buffer, at: start + 14)
            buffer[start + 16] = UInt8(ascii: ":")
            ASCIIDigits.write(rest % 60, width: 2, into: buffer, at: start + 17)
            buffer[start + 19] = UInt8(ascii: "Z")
        }
    }

    /// `date` then `THH:MM:SS`, `.SSS` when `milliseconds` is given, and `Z`: written byte by byte,
    /// since the stores write one per row.
    private static func write(_ date: CalendarDate, seconds: Int, milliseconds: Int?) -> String {
        let time = "T\(padded(seconds / 3600, 2)):\(padded(seconds % 3600 / 60, 2)):\(padded(seconds % 60, 2))"
        guard (0...9999).contains(date.year) else {
            return "\(date)\(time)\(milliseconds.map { ".\(padded($0, 3))" } ?? "")Z"
        }
        let count = milliseconds == nil ? 20 : 24
        return String(unsafeUninitializedCapacity: count) { buffer in
            date.write(into: buffer, at: 0)
            buffer[10] = UInt8(ascii: "T")
            ASCIIDigits.write(seconds / 3600, width: 2, into: buffer, at: 11)
            buffer[13] = UInt8(ascii: ":")
            ASCIIDigits.write(seconds % 3600 / 60, width: 2, into: buffer, at: 14)
            buffer[16] = UInt8(ascii: ":")
            ASCIIDigits.write(seconds % 60, width: 2, into: buffer, at: 17)
            if let milliseconds {
                buffer[19] = UInt8(ascii: ".")
                ASCIIDigits.write(milliseconds, width: 3, into: buffer, at: 20)
            }
            buffer[count - 1] = UInt8(ascii: "Z")
            return count
        }
    }

    /// The moment `text` names: `YYYY-MM-DDTHH:MM:SS`, optionally with a fraction of a second,
    /// then `Z` or an offset `±HH:MM`. Nil for anything else.
    public static func parse(_ text: String) -> Date? {
        // The stores read one per row: the text's bytes in place, no array, no Characters.
        var text = text
        return text.withUTF8(parse)
    }

    /// The moment the UTF-8 `bytes` name, as `parse(_:)` reads it.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"),
            let date = CalendarDate(ascii: bytes, at: 0),
            let hours = ASCIIDigits.number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"),
            let minutes = ASCIIDigits.number(bytes, 14, 2), bytes[16] == UInt8(ascii: ":"),
            let seconds = ASCIIDigits.number(bytes, 17, 2), hours < 24, minutes < 60, seconds < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, let digit = ASCIIDigits.digit(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = offsetSeconds(bytes, from: index) else { return nil }
        let seconds1970 = Double(date.dayNumber * 86_400 + hours * 3600 + minutes * 60 + seconds) + fraction
        return Date(timeIntervalSince1970: seconds1970 - Double(offset))
    }

    /// The moments the stores keep (business rules §6): from 2000-01-01T00:00:00Z to before
    /// 2100-01-01T00:00:00Z. A clock outside them (a year 1 or 9999 typed by mistake) is refused
    /// before anything is written.
    public static let kept = Date(timeIntervalSince1970: 946_684_800)..<Date(timeIntervalSince1970: 4_102_444_800)

    /// Why `moment` cannot be kept, or nil when it can.
    public static func outOfRange(_ moment: Date) -> String? {
        kept.contains(moment)
            ? nil : "the moment \(secondsText(moment)) is outside 2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z"
    }

    /// `moment` rounded to the millisecond, as it reads back from the store.
    public static func rounded(_ moment: Date) -> Date {
        Date(timeIntervalSince1970: (moment.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// The offset that ends the text at `start`: `Z` or `±HH:MM`; nil for anything else.
    private static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count - start
        if count == 1, bytes[start] == UInt8(ascii: "Z") { return 0 }
        guard count == 6, bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-"),
            bytes[start + 3] == UInt8(ascii: ":"), let hours = ASCIIDigits.number(bytes, start + 1, 2),
            let minutes = ASCIIDigits.number(bytes, start + 4, 2), hours < 24, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return bytes[start] == UInt8(ascii: "+") ? seconds : -seconds
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        ASCIIDigits.text(value, width: width)
    }
}
