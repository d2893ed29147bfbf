import Foundation
import Testing
import TrainingCalendar

@Suite("training weeks")
struct TrainingWeekTests {
    static func moment(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    /// Weeks that hold a daylight-saving change: (time zone, Monday, hours in the week).
    @Test("a week is Monday 00:00 to Sunday 24:00 on the wall clock, 167 or 169 hours across DST", arguments: [
        ("Europe/London", "2026-03-23", 167.0), ("Europe/London", "2026-10-19", 169.0),
        ("America/Los_Angeles", "2026-03-02", 167.0), ("America/Los_Angeles", "2026-10-26", 169.0),
        ("Europe/London", "2026-06-01", 168.0), ("UTC", "2026-12-28", 168.0),
    ])
    func weekLength(zone: String, monday: String, hours: Double) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let week = TrainingWeek(containing: try #require(CalendarDate(monday)))
        #expect(week.monday.description == monday)
        let start = week.start(in: timeZone)
        let end = week.end(in: timeZone)
        #expect(end.timeIntervalSince(start) == hours * 3600)
        #expect(CalendarDate(start, in: timeZone) == week.monday)
        #expect(CalendarDate(end, in: timeZone) == week.monday.adding(days: 7))
        #expect(CalendarDate(end.addingTimeInterval(-1), in: timeZone) == week.sunday)
    }

    @Test("Sunday 23:30 after the clocks go forward is still that week; Monday 00:30 is the next")
    func londonSpringBoundary() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let week = TrainingWeek(containing: try #require(CalendarDate("2026-03-25")))
        // 2026-03-29 23:30 BST = 22:30 UTC; 2026-03-30 00:30 BST = 2026-03-29 23:30 UTC, which a
        // week of 7 × 24 hours from Monday 00:00 GMT would still count.
        let sundayNight = Self.moment(1_774_823_400)
        let mondayMorning = Self.moment(1_774_827_000)
        #expect(week.contains(sundayNight, in: london))
        #expect(!week.contains(mondayMorning, in: london))
        #expect(week.adding(weeks: 1).contains(mondayMorning, in: london))
        #expect(TrainingWeek(containing: mondayMorning, in: london).monday.description == "2026-03-30")
    }

    @Test("Los Angeles: the Monday 00:00 after the clocks go back starts the next week")
    func losAngelesAutumnBoundary() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let week = TrainingWeek(containing: try #require(CalendarDate("2026-11-01")))
        #expect(week.monday.description == "2026-10-26")
        // 2026-11-02 00:00 PST = 08:00 UTC.
        let nextMonday = Self.moment(1_793_606_400)
        #expect(week.end(in: losAngeles) == nextMonday)
        #expect(!week.contains(nextMonday, in: losAngeles))
        #expect(week.contains(nextMonday.addingTimeInterval(-1), in: losAngeles))
    }

    @Test("week numbers run across a year boundary", arguments: [
        ("2026-12-02", "2026-11-30", 1, "Week 1 of 8"), ("2026-12-02", "2026-12-06", 1, "Week 1 of 8"),
        ("2026-12-02", "2026-12-31", 5, "Week 5 of 8"), ("2026-12-02", "2027-01-03", 5, "Week 5 of 8"),
        ("2026-12-02", "2027-01-04", 6, "Week 6 of 8"), ("2026-12-02", "2027-01-24", 8, "Week 8 of 8"),
        ("2026-12-02", "2027-01-25", 9, "Finished: 8 weeks"), ("2026-12-02", "2026-11-29", 0, "Starts on 2026-12-02"),
    ])
    func weekNumbers(start: String, today: String, number: Int, label: String) throws {
        let calendar = ProgrammeCalendar(startDate: try #require(CalendarDate(start)), totalWeeks: 8)
        let date = try #require(CalendarDate(today))
        #expect(calendar.weekNumber(of: date) == number)
        #expect(calendar.label(for: date) == label)
    }

    @Test("the seven days run Monday to Sunday across the new year")
    func daysAcrossNewYear() throws {
        let week = TrainingWeek(containing: try #require(CalendarDate("2027-01-01")))
        #expect(week.days.map(\.description) == [
            "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03",
        ])
        #expect(week.days.map(\.weekday) == Weekday.allCases)
    }
}
