import Testing
import TrainingCalendar

@Suite("streaks")
struct StreakTests {
    /// (days with an event, today, current, longest).
    @Test("current streak ends today, or yesterday when today has none; longest is the longest run", arguments: [
        (["2026-03-01", "2026-03-02", "2026-03-03"], "2026-03-03", 3, 3),
        (["2026-03-01", "2026-03-02", "2026-03-03"], "2026-03-04", 3, 3),
        (["2026-03-01", "2026-03-02", "2026-03-03"], "2026-03-05", 0, 3),
        (["2026-03-01", "2026-03-03", "2026-03-04"], "2026-03-04", 2, 2),
        (["2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-05"], "2026-03-05", 1, 4),
        (["2026-03-05", "2026-03-05", "2026-03-04"], "2026-03-05", 2, 2),
        (["2026-12-31", "2027-01-01"], "2027-01-01", 2, 2),
        ([], "2026-03-05", 0, 0),
        (["2026-03-06", "2026-03-07"], "2026-03-05", 0, 0),
    ])
    func streaks(days: [String], today: String, current: Int, longest: Int) throws {
        let dates = days.compactMap(CalendarDate.init)
        let streak = Streak(days: dates, today: try #require(CalendarDate(today)))
        #expect(streak.current == current)
        #expect(streak.longest == longest)
        #expect(streak.longest >= streak.current)
    }
}
