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
        var rest = milliseconds - dayNumber * dayMilliseconds
        let date = CalendarDate(dayNumber: dayNumber)
        let hours = rest / 3_600_000
        rest %= 3_600_000
        let minutes = rest / 60_000
        rest %= 60_000
        return "\(date)T\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(rest / 1000, 2)).\(padded(rest % 1000, 3))Z"
    }

    /// `moment` as `YYYY-MM-DDTHH:MM:SSZ`, its fraction of a second dropped: how GymTrack stores
    /// moments and the journal's CSV export writes them.
    public static func secondsText(_ moment: Date) -> String {
        let seconds = Int(moment.timeIntervalSince1970.rounded(.down))
        let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - dayNumber * 86_400
        let time = "\(padded(rest / 3600, 2)):\(padded(rest % 3600 / 60, 2)):\(padded(rest % 60, 2))"
        return "\(CalendarDate(dayNumber: dayNumber))T\(time)Z"
    }

    /// The moment `text` names: `YYYY-MM-DDTHH:MM:SS`, optionally with a fraction of a second,
    /// then `Z` or an offset `±HH:MM`. Nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count >= 20, characters[10] == UInt8(ascii: "T"),
            characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
            let year = number(characters, 0, 4), let month = number(characters, 5, 2),
            let day = number(characters, 8, 2), let date = CalendarDate(year: year, month: month, day: day),
            let hours = number(characters, 11, 2), characters[13] == UInt8(ascii: ":"),
            let minutes = number(characters, 14, 2), characters[16] == UInt8(ascii: ":"),
            let seconds = number(characters, 17, 2), hours < 24, minutes < 60, seconds < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if characters[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            let start = index
            while index < characters.count, let digit = digit(characters[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = offsetSeconds(characters[index...]) else { return nil }
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

    private static func offsetSeconds(_ tail: ArraySlice<UInt8>) -> Int? {
        let rest = Array(tail)
        if rest == [UInt8(ascii: "Z")] { return 0 }
        guard rest.count == 6, rest[0] == UInt8(ascii: "+") || rest[0] == UInt8(ascii: "-"),
            rest[3] == UInt8(ascii: ":"), let hours = number(rest, 1, 2), let minutes = number(rest, 4, 2),
            hours < 24, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return rest[0] == UInt8(ascii: "+") ? seconds : -seconds
    }

    private static func number(_ characters: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= characters.count else { return nil }
        var value = 0
        for character in characters[start..<start + count] {
            guard let digit = digit(character) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digit(_ character: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) ? Int(character - UInt8(ascii: "0")) : nil
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
