import Foundation
import TrainingCalendar

/// Moments as GymTrack stores them: UTC text to the second, `2026-01-05T07:00:00Z`.
enum Moment {
    static func text(_ moment: Date) -> String {
        moment.formatted(.iso8601)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, then `Z` or an offset `±HH:MM`; nil for anything else, including
    /// a time that does not exist (`25:61`), which Foundation's parser would roll over.
    static func parse(_ text: String) -> Date? {
        let clock = Array(text.utf8.dropFirst(11).prefix(8))
        func number(_ at: Int) -> Int? {
            guard clock.count == 8, let tens = digit(clock[at]), let units = digit(clock[at + 1]) else { return nil }
            return tens * 10 + units
        }
        guard let hours = number(0), let minutes = number(3), let seconds = number(6), hours < 24, minutes < 60,
            seconds < 60, CalendarDate(String(text.prefix(10))) != nil
        else { return nil }
        return try? Date(text, strategy: .iso8601)
    }

    private static func digit(_ character: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) ? Int(character - UInt8(ascii: "0")) : nil
    }

    /// `moment` without its fraction of a second, as it reads back from the store.
    static func rounded(_ moment: Date) -> Date {
        Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
    }
}
