import Foundation
import TrainingCalendar

/// A time of day on the user's wall clock, written `HH:mm` (24-hour): when the daily reminder
/// goes off.
public struct ReminderTime: Hashable, Comparable, Sendable {
    /// 0-23.
    public let hour: Int
    /// 0-59.
    public let minute: Int

    /// Nil unless `hour` is 0-23 and `minute` 0-59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// A time known to be valid; out-of-range parts are clamped.
    init(clamping hour: Int, _ minute: Int) {
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
    }

    /// Parses exactly `HH:mm` (`07:30`, `21:05`); throws an error naming `field` for anything
    /// else (`7:30`, `25:61`, `07:30:00`).
    public init(parsing text: String, field: String = "reminder time") throws(JournalError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else {
            throw .invalid(field, "must be a time written HH:mm (24-hour, e.g. 07:30), not \"\(text)\"")
        }
        guard let time = ReminderTime(hour: hour, minute: minute) else {
            throw .invalid(field, "\"\(text)\" is not a time of day: hours run 00-23 and minutes 00-59")
        }
        self = time
    }

    /// The first moment after `moment` (strictly) at which a wall clock in `timeZone` shows this
    /// time. On a day when a daylight-saving change skips the time (01:30 on a spring-forward
    /// night in London), the reminder goes off when the gap ends; on a day that shows the time
    /// twice, at the first of them.
    public func next(after moment: Date, in timeZone: TimeZone) -> Date {
        let today = CalendarDate(moment, in: timeZone)
        for offset in 0...2 {
            let candidate = self.moment(on: today.adding(days: offset), in: timeZone)
            if candidate > moment { return candidate }
        }
        return moment.addingTimeInterval(86_400)
    }

    /// The moment `date` shows this time in `timeZone`: the earlier of two when the wall clock
    /// shows it twice, the end of the gap when it never does.
    public func moment(on date: CalendarDate, in timeZone: TimeZone) -> Date {
        let wall = Double(date.dayNumber * 86_400 + hour * 3600 + minute * 60)
        let before = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 43_200)))
        let after = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 43_200)))
        let shows = [before, after].map { Date(timeIntervalSince1970: wall - $0) }.filter { candidate in
            Double(timeZone.secondsFromGMT(for: candidate)) == wall - candidate.timeIntervalSince1970
        }
        if let first = shows.min() { return first }
        // In the gap: the clock jumps over this time at the transition between the two offsets.
        let gapStart = Date(timeIntervalSince1970: wall - after)
        return timeZone.nextDaylightSavingTimeTransition(after: gapStart.addingTimeInterval(-1))
            ?? Date(timeIntervalSince1970: wall - before)
    }

    public static func < (lhs: ReminderTime, rhs: ReminderTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}

extension ReminderTime: CustomStringConvertible, Codable {
    /// `07:30`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ReminderTime(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
