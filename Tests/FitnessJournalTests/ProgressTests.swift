import FitnessJournal
import Testing
import TrainingCalendar

@Suite("progress")
struct ProgressTests {
    /// Monday 16 to Monday 23 November 2026 (London is on GMT).
    private func fixture() throws -> JournalFixture {
        let fixture = try JournalFixture()
        try fixture.workout("2026-11-09T18:00:00Z", .yoga, minutes: 60)
        try fixture.workout("2026-11-16T07:00:00Z", .running, minutes: 30)
        try fixture.workout("2026-11-16T18:00:00Z", .strength, minutes: 45)
        try fixture.workout("2026-11-18T07:00:00Z", .running, minutes: 25)
        try fixture.workout("2026-11-21T10:00:00Z", .yoga, minutes: 60)
        try fixture.workout("2026-11-22T10:00:00Z", .strength, minutes: 50)
        try fixture.workout("2026-11-23T07:00:00Z", .cycling, minutes: 40)
        try fixture.checkIn("2026-11-16T07:30:00Z", .tired, energy: 3)
        try fixture.checkIn("2026-11-16T21:00:00Z", .okay, energy: 5)  // the day's last one counts
        try fixture.checkIn("2026-11-20T07:30:00Z", .good, energy: 7)
        try fixture.checkIn("2026-11-23T07:30:00Z", .great, energy: 9)
        try fixture.at("2026-11-23T12:00:00Z")
        return fixture
    }

    @Test("the week is Monday to Sunday around today, per day, with the goal and the streak")
    func week() throws {
        let report = try fixture().journal.progress(.week)
        #expect(report.firstDay == (try JournalFixture.date("2026-11-23")))
        #expect(report.lastDay == (try JournalFixture.date("2026-11-29")))
        #expect(report.days.map(\.workouts) == [1, 0, 0, 0, 0, 0, 0])
        #expect(report.days.map(\.minutes) == [40, 0, 0, 0, 0, 0, 0])
        #expect(report.totalWorkouts == 1)
        #expect(report.averageDurationMinutes == 40)
        #expect(report.mostFrequentType == MostFrequentType(type: .cycling, workouts: 1, minutes: 40))
        #expect(report.streak == Streak(current: 3, longest: 3))
        #expect(report.goal.goal == 3)
        #expect(report.goal.thisWeek == 1)
        #expect(report.goal.remaining == 2)
        #expect(report.goal.weeks.map(\.workouts) == [1])
        #expect(report.moodTrend.points.map(\.mood) == [.great])
        #expect(report.moodTrend.direction == nil)
    }

    @Test("the month: every day of November, the stats over it, the mood trend and the goal per week")
    func month() throws {
        let report = try fixture().journal.progress(.month)
        #expect(report.days.count == 30)
        #expect(report.days.first?.date == (try JournalFixture.date("2026-11-01")))
        #expect(report.totalWorkouts == 7)
        #expect(report.totalMinutes == 310)
        #expect(report.activeDays == 6)
        #expect(report.averageDurationMinutes == 44.3)
        // Running, strength and yoga have two each; yoga has the most minutes (120).
        #expect(report.mostFrequentType == MostFrequentType(type: .yoga, workouts: 2, minutes: 120))
        let sixteenth = ProgressReport.Day(date: try JournalFixture.date("2026-11-16"), workouts: 2, minutes: 75)
        #expect(report.days[15] == sixteenth)
        #expect(report.moodTrend.points.map(\.mood) == [.okay, .good, .great])
        #expect(report.moodTrend.points.map(\.energyLevel) == [5, 7, 9])
        #expect(report.moodTrend.averageScore == 4)
        #expect(report.moodTrend.direction == .improving)
        // Weeks of 26 Oct (1-1 Nov), 2, 9, 16 and 23 November.
        #expect(report.goal.weeks.map(\.workouts) == [0, 0, 1, 5, 1])
        #expect(report.goal.weeksMet == 1)
    }

    @Test("a day's mood is its latest check-in's; of two saved in the same millisecond, the one saved last")
    func dayMood() throws {
        let fixture = try JournalFixture()
        try fixture.checkIn("2026-11-20T21:00:00Z", .great, energy: 9)
        try fixture.checkIn("2026-11-20T07:00:00Z", .notGreat, energy: 2)  // a clock set back: earlier that day
        try fixture.checkIn("2026-11-21T08:00:00Z", .tired, energy: 3)
        try fixture.checkIn("2026-11-21T08:00:00Z", .good, energy: 7)  // the same moment, saved after
        try fixture.checkIn("2026-11-22T08:00:00Z", .good, energy: 7)
        try fixture.checkIn("2026-11-22T08:00:00Z", .tired, energy: 3)
        try fixture.at("2026-11-23T12:00:00Z")
        for period in [ProgressPeriod.month, .all] {
            let points = try fixture.journal.progress(period).moodTrend.points
            #expect(points.map(\.mood) == [.great, .good, .tired], "\(period)")
            #expect(points.map(\.energyLevel) == [9, 7, 3], "\(period)")
        }
    }

    @Test("all time runs from the first entry to today")
    func allTime() throws {
        let report = try fixture().journal.progress(.all)
        #expect(report.firstDay == (try JournalFixture.date("2026-11-09")))
        #expect(report.lastDay == (try JournalFixture.date("2026-11-23")))
        #expect(report.days.count == 15)
        #expect(report.totalWorkouts == 7)
        #expect(report.goal.weeks.map(\.workouts) == [1, 5, 1])
    }

    @Test("an empty journal: zeros, no average, no type, no mood, and no crash")
    func empty() throws {
        let fixture = try JournalFixture()
        for period in ProgressPeriod.allCases {
            let report = try fixture.journal.progress(period)
            #expect(report.totalWorkouts == 0)
            #expect(report.averageDurationMinutes == nil)
            #expect(report.mostFrequentType == nil)
            #expect(report.moodTrend.averageScore == nil)
            #expect(report.streak == Streak(current: 0, longest: 0))
        }
        #expect(try fixture.journal.progress(.all).days.count == 1)
    }

    @Test(
        "the mood trend compares the later half with the earlier half",
        arguments: [
            ([Mood.notGreat, .tired, .good, .great], MoodTrend.Direction.improving),
            ([.great, .great, .okay, .tired], .declining),
            ([.good, .okay, .good, .okay], .steady),
            ([.okay, .great, .good], .improving),
            ([.good, .notGreat, .good], .steady),
        ])
    func moodDirection(moods: [Mood], direction: MoodTrend.Direction) throws {
        let start = try JournalFixture.date("2026-11-01")
        let points = moods.enumerated().map {
            MoodTrend.Point(date: start.adding(days: $0.offset), mood: $0.element, energyLevel: 5)
        }
        #expect(MoodTrend(points: points).direction == direction)
    }

    @Test("today's summary: the greeting, today's workouts and minutes, the check-in, the last three")
    func today() throws {
        let summary = try fixture().journal.today()
        #expect(summary.greeting == "Good afternoon, Sam")
        #expect(summary.workouts == 1)
        #expect(summary.minutes == 40)
        #expect(summary.checkInDone)
        #expect(summary.checkIn?.mood == .great)
        #expect(summary.recentWorkouts.map(\.type) == [.cycling, .strength, .yoga])
        #expect(summary.goal.thisWeek == 1)
        let tomorrow = try fixture()
        try tomorrow.at("2026-11-24T06:00:00Z")
        let next = try tomorrow.journal.today()
        #expect(next.greeting == "Good morning, Sam")
        #expect(next.workouts == 0)
        #expect(!next.checkInDone)
        #expect(next.lastCheckIn?.mood == .great)
        #expect(next.streak.current == 3)
    }
}
