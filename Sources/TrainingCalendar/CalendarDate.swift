import Foundation

/// A day on the calendar, without a time or a time zone: `2026-11-23`.
///
/// Programmes are created on a date, weeks start on a Monday and streaks count days; all of that
/// is integer arithmetic on days (`dayNumber`), so the same dates always give the same answers,
/// whatever the machine's time zone. A moment becomes a date only through an explicit time zone
/// (`init(_:in:)`).
public struct CalendarDate: Hashable, Comparable, Sendable {
    public let year: Int
    /// 1-12.
    public let month: Int
    /// 1-31, valid for the month.
    public let day: Int

    /// The date, or nil when the month or day does not exist (`2026-02-29`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (four-digit year, two-digit month and day); nil for anything else.
    public init?(_ text: String) {
        // Stores read this text once per row: its bytes, never its Characters.
        var text = text
        guard let date = text.withUTF8({ CalendarDate(ascii: $0, at: 0) }), text.utf8.count == 10 else { return nil }
        self = date
    }

    /// The date written `YYYY-MM-DD` at `start` of `bytes` (what follows is the caller's), or nil:
    /// the one reader of day text, which `Timestamp.parse` uses too.
    init?(ascii bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        guard bytes.count >= start + 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = ASCIIDigits.number(bytes, start, 4), let month = ASCIIDigits.number(bytes, start + 5, 2),
            let day = ASCIIDigits.number(bytes, start + 8, 2)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of `moment` on a wall clock in `timeZone`.
    public init(_ moment: Date, in timeZone: TimeZone) {
        // The wall clock's offset at that instant, then whole days: no Calendar to build, which
        // histories of thousands of workouts would pay for on every row.
        let local = moment.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: moment))
        self.init(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// The date `dayNumber` days after 1970-01-01 (negative: before).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        Self.dayNumber(year: year, month: month, day: day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// Whole days from `other` to this date (positive when this is later).
    public func days(since other: CalendarDate) -> Int {
        dayNumber - other.dayNumber
    }

    /// The Monday of this date's week (weeks run Monday to Sunday).
    public var mondayOfWeek: CalendarDate {
        adding(days: -weekday.offsetFromMonday)
    }

    /// The first moment of this date on a wall clock in `timeZone` (midnight, or the first
    /// moment after it when a daylight-saving change skips midnight).
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days_from_civil.
    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension CalendarDate: CustomStringConvertible, LosslessStringConvertible {
    /// `2026-11-23`.
    public var description: String {
        guard (0...9999).contains(year) else {
            let (year, month, day) = (
                ASCIIDigits.text(year, width: 4), ASCIIDigits.text(month, width: 2),
                ASCIIDigits.text(day, width: 2)
            )
            return "\(year)-\(month)-\(day)"
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            write(into: buffer, at: 0)
            return 10
        }
    }

    /// Writes `YYYY-MM-DD` (a year of 0-9999) at `start` of `buffer`: ten bytes.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        ASCIIDigits.write(year, width: 4, into: buffer, at: start)
        buffer[start + 4] = UInt8(ascii: "-")
        ASCIIDigits.write(month, width: 2, into: buffer, at: start + 5)
        buffer[start + 7] = UInt8(ascii: "-")
        ASCIIDigits.write(day, width: 2, into: buffer, at: start + 8)
    }
}

extension CalendarDate: Codable {
    /// Decodes `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a date written YYYY-MM-DD")
        }
        self = date
    }

    /// Encodes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
