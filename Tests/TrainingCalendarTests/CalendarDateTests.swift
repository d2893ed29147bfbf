import Foundation
import Testing
import TrainingCalendar

@Suite("calendar dates")
struct CalendarDateTests {
    @Test("YYYY-MM-DD in and out; anything else is not a date", arguments: [
        ("2026-11-23", true), ("2024-02-29", true), ("2025-02-29", false), ("2026-13-01", false), ("2026-11-31", false),
        ("26-11-23", false), ("2026-1-23", false), ("2026-11-23T00:00", false), ("", false), ("2026-11-2x", false),
        ("２０２６-11-23", false), ("2026-11-23 ", false), ("+026-11-23", false), ("2026-11-2\u{301}3", false),
        ("2026/11/23", false), ("0001-01-01", true), ("9999-12-31", true),
    ])
    func parsing(text: String, valid: Bool) {
        let date = CalendarDate(text)
        #expect((date != nil) == valid)
        if let date { #expect(date.description == text) }
    }

    @Test("weekdays, Mondays and day arithmetic across months, years and leap days", arguments: [
            ("2026-11-23", Weekday.mon, "2026-11-23"), ("2026-11-29", .sun, "2026-11-23"),
            ("2027-01-01", .fri, "2026-12-28"),
        ("2024-02-29", .thu, "2024-02-26"), ("1970-01-01", .thu, "1969-12-29"), ("2000-03-01", .wed, "2000-02-28"),
    ])
    func weekdays(text: String, weekday: Weekday, monday: String) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.weekday == weekday)
        #expect(date.mondayOfWeek.description == monday)
        #expect(CalendarDate(dayNumber: date.dayNumber) == date)
        #expect(date.adding(days: 7).weekday == weekday)
        #expect(date.adding(days: 366).days(since: date) == 366)
    }

    @Test("a moment becomes a date only in a time zone: the same instant is two dates")
    func momentInATimeZone() throws {
        // 2026-03-29 00:30 UTC: already Sunday in London (01:30 after the clocks go forward),
        // still Saturday evening in Los Angeles.
        let moment = Date(timeIntervalSince1970: 1_774_744_200)
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(CalendarDate(moment, in: london).description == "2026-03-29")
        #expect(CalendarDate(moment, in: losAngeles).description == "2026-03-28")
        let start = try #require(CalendarDate("2026-03-29")).start(in: london)
        #expect(CalendarDate(start, in: london).description == "2026-03-29")
        #expect(start.timeIntervalSince1970 == 1_774_742_400)
    }

    @Test("JSON holds the date as text and refuses anything else")
    func codable() throws {
        let date = try #require(CalendarDate("2026-11-23"))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-23"]"#)
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDate].self, from: Data(#"["23/11/2026"]"#.utf8))
        }
    }
}
