import FitnessJournal
import Testing
import TrainingCalendar

/// The journal's streak is the shared one (business rules §10) over days with a workout, on the
/// user's wall clock.
@Suite("journal streaks")
struct StreakTests {
    @Test(
        "a streak ends today, or yesterday while today has none; a gap breaks it",
        arguments: [
            (["2026-11-21T09:00:00Z", "2026-11-22T09:00:00Z", "2026-11-23T07:00:00Z"], 3, 3),
            (["2026-11-21T09:00:00Z", "2026-11-22T09:00:00Z"], 2, 2),
            (["2026-11-20T09:00:00Z", "2026-11-22T09:00:00Z", "2026-11-23T07:00:00Z"], 2, 2),
            (["2026-11-17T09:00:00Z", "2026-11-18T09:00:00Z", "2026-11-19T09:00:00Z", "2026-11-21T09:00:00Z"], 0, 3),
            ([], 0, 0),
        ])
    func endsTodayOrYesterday(moments: [String], current: Int, longest: Int) throws {
        let fixture = try JournalFixture()
        for moment in moments { try fixture.workout(moment) }
        try fixture.at("2026-11-23T20:00:00Z")
        let streak = try fixture.journal.progress(.week).streak
        #expect(streak == Streak(current: current, longest: longest))
        #expect(try fixture.journal.today().streak == streak)
    }

    @Test("two workouts on one day count one day; the day is the wall clock's, not UTC's")
    func wallClockDays() throws {
        // 23:30 BST on 2026-06-10 is 22:30 UTC the same day; 00:30 BST on 2026-06-12 is 23:30 UTC
        // on 2026-06-11: London's dates are the 10th, 11th (twice) and 12th.
        let fixture = try JournalFixture()
        try fixture.workout("2026-06-10T22:30:00Z")
        try fixture.workout("2026-06-11T08:00:00Z")
        try fixture.workout("2026-06-11T18:00:00Z")
        let late = try fixture.workout("2026-06-11T23:30:00Z")
        #expect(late.date == (try JournalFixture.date("2026-06-12")))
        try fixture.at("2026-06-12T12:00:00Z")
        #expect(try fixture.journal.progress(.week).streak == Streak(current: 3, longest: 3))
    }

    @Test("a streak runs through the spring and autumn clock changes")
    func acrossDaylightSaving() throws {
        let fixture = try JournalFixture()
        // London springs forward on 2026-03-29 (a 23-hour day) and falls back on 2026-10-25.
        for moment in ["2026-03-28T23:30:00Z", "2026-03-29T22:59:00Z", "2026-03-30T06:00:00Z"] {
            try fixture.workout(moment)
        }
        try fixture.at("2026-03-30T23:00:00Z")  // 00:00 BST on the 31st: the run of the 28th-30th still counts
        #expect(try fixture.journal.progress(.week).streak.current == 3)
        for moment in ["2026-10-24T22:30:00Z", "2026-10-25T23:30:00Z", "2026-10-26T00:30:00Z"] {
            try fixture.workout(moment)
        }
        // 23:30 BST on the 24th, 23:30 GMT on the 25th, 00:30 GMT on the 26th: three days.
        #expect(try fixture.journal.progress(.week).streak.current == 3)
    }

    @Test("a streak runs across the new year")
    func acrossYearBoundary() throws {
        let fixture = try JournalFixture()
        for moment in ["2026-12-30T10:00:00Z", "2026-12-31T23:59:00Z", "2027-01-01T00:00:00Z", "2027-01-02T10:00:00Z"] {
            try fixture.workout(moment)
        }
        try fixture.at("2027-01-02T12:00:00Z")
        #expect(try fixture.journal.progress(.month).streak == Streak(current: 4, longest: 4))
    }
}
