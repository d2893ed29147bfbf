import Foundation
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

@Suite("the week and the streak, on the user's wall clock (business rules §9-11)")
struct WeekViewTests {
    /// Logs the bench press alone in a `session` workout that starts at `start`.
    static func train(_ log: TrainingLog, _ clock: ManualClock, _ session: String, at start: String) throws {
        let exercise = session == "Push" ? "barbell_bench_press" : "barbell_back_squat"
        try LogFixture.workout(log, clock: clock, session, at: start, [exercise: [(8, 60)]])
    }

    @Test("X/Y complete, the next workout and the seven days; a programme finished after week 8")
    func week() throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        var week = try log.week()
        #expect(week.label == "Week 1 of 8")
        #expect(week.progress == "0/2 complete")
        #expect(week.nextWorkout?.dayName == "Push")
        try Self.train(log, clock, "Push", at: "2026-01-05T18:00:00Z")
        week = try log.week()
        #expect(week.progress == "1/2 complete")
        #expect(week.nextWorkout?.dayName == "Legs")
        #expect(week.days.map(\.scheduled) == [["Push"], [], [], ["Legs"], [], [], []])
        #expect(week.days[0].completed == ["Push"] && week.days[0].isToday)
        try Self.train(log, clock, "Legs", at: "2026-01-09T18:00:00Z")
        week = try log.week()
        #expect(week.progress == "2/2 complete" && week.nextWorkout == nil)
        #expect(week.text.contains("Every session of this week is done."))
        clock.set(LogFixture.moment("2026-03-01T12:00:00Z"))
        #expect(try log.week().label == "Week 8 of 8")
        clock.set(LogFixture.moment("2026-03-02T12:00:00Z"))
        week = try log.week()
        #expect(week.finished && week.weekNumber == nil && week.nextWorkout == nil)
        #expect(week.label == "Finished: 8 weeks")
    }

    /// (time zone, programme start, workout start in UTC, the clock in UTC, expected label, sessions done).
    @Test(
        "a workout late on Sunday counts in its own week across DST and the year's end",
        arguments: [
            // London springs forward on 29 March: 23:30 BST on Sunday is 22:30 UTC, still week 1.
            ("Europe/London", "2026-03-23", "2026-03-29T22:30:00Z", "2026-03-29T22:45:00Z", "Week 1 of 8", 1),
            // 00:30 BST on Monday 30 March is 23:30 UTC on Sunday: week 2, nothing done yet.
            ("Europe/London", "2026-03-23", "2026-03-29T23:30:00Z", "2026-03-29T23:45:00Z", "Week 2 of 8", 1),
            ("Europe/London", "2026-03-23", "2026-03-29T22:30:00Z", "2026-03-29T23:45:00Z", "Week 2 of 8", 0),
            // Los Angeles falls back on 1 November: 23:30 PST on Sunday is 07:30 UTC on Monday.
            ("America/Los_Angeles", "2026-10-26", "2026-11-02T07:30:00Z", "2026-11-02T07:45:00Z", "Week 1 of 8", 1),
            ("America/Los_Angeles", "2026-10-26", "2026-11-02T07:30:00Z", "2026-11-02T08:15:00Z", "Week 2 of 8", 0),
            // New Year's Eve and Day are in one week.
            ("Europe/London", "2026-12-02", "2026-12-31T18:00:00Z", "2027-01-03T12:00:00Z", "Week 5 of 8", 1),
            ("Europe/London", "2026-12-02", "2026-12-31T18:00:00Z", "2027-01-04T12:00:00Z", "Week 6 of 8", 0),
        ])
    func boundaries(zone: String, start: String, workout: String, now: String, label: String, done: Int) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let clock = ManualClock(LogFixture.moment(workout))
        let log = try TrainingLog(
            inMemory: LogFixture.catalog, clock: clock, ids: SeededRowIDs(seed: 2),
            newUser: UserSettings(unit: .kg, timeZone: timeZone))
        try log.startProgramme(LogFixture.programme, questionnaireJSON: "{}", startDate: LogFixture.date(start))
        try Self.train(log, clock, "Push", at: workout)
        clock.set(LogFixture.moment(now))
        let week = try log.week()
        #expect(week.label == label)
        #expect(week.completedSessions == done)
        #expect(week.days.count == 7 && week.days[0].weekday == .mon)
    }

    /// (days trained, today, current, longest).
    @Test(
        "the streak ends today, or yesterday when today has no workout yet; a gap resets it",
        arguments: [
            (["2026-01-05", "2026-01-06", "2026-01-07"], "2026-01-07T20:00:00Z", 3, 3),
            (["2026-01-05", "2026-01-06", "2026-01-07"], "2026-01-08T09:00:00Z", 3, 3),
            (["2026-01-05", "2026-01-06", "2026-01-07"], "2026-01-09T09:00:00Z", 0, 3),
            (["2026-01-05", "2026-01-06", "2026-01-08"], "2026-01-08T20:00:00Z", 1, 2),
        ])
    func streak(days: [String], today: String, current: Int, longest: Int) throws {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        for day in days {
            try Self.train(log, clock, "Push", at: "\(day)T18:00:00Z")
        }
        // A discarded workout is not a qualifying event.
        try log.startWorkout(session: "Legs")
        try log.discardWorkout()
        clock.set(LogFixture.moment(today))
        let streak = try log.streak()
        #expect(streak.current == current)
        #expect(streak.longest == longest)
        #expect(streak.lastWorkoutDate?.description == days.last)
    }
}
