import FitnessJournal
import Foundation
import TestSupport
import Testing
import TrainingCalendar
import UserStore

/// A year of use (Replays/year-2026.jsonl), replayed into an empty journal. The figures below
/// were checked by hand once against the routine the file follows, and are pinned:
///
/// - Running: 52 Mondays less flu week and two holiday weeks = 49 × 30 min, plus 25 and 30 min
///   at the year's end: 51 workouts, 1,525 min. Strength: 52 Wednesdays less the same three
///   = 49 × 45 = 2,205 min (the workout saved twice on 4 March is deleted). Yoga: 52 Fridays less
///   flu, two holiday Fridays and Christmas = 48 × 40, nine 20-minute evenings of the May
///   challenge and 30 min on 29 December: 58 workouts, 2,130 min. Cycling: 26 Saturdays from
///   April to September less two holiday ones = 24 × 60 = 1,440 min. One 90-minute hike.
///   183 workouts, 7,390 min, 40.4 min each; yoga is the most frequent.
/// - No day has two workouts, so 183 active days. Longest streak: 1-23 May (the challenge's
///   21 days, then Friday yoga and Saturday's ride). Current: 27-31 December, 5 days.
/// - December: 6 runs, 5 strength, 4 yoga = 15 workouts, 550 min; weeks (goal 4 since July):
///   2, 3, 3, 3 and 4 workouts, one met.
@Suite("a year of the journal, replayed")
struct YearReplayTests {
    static let file = PackageRoot.url("Tests/FitnessJournalTests/Replays/year-2026.jsonl")

    static func replayed() throws -> (FitnessJournal, JournalReplay, ManualClock) {
        let clock = ManualClock(Timestamp.kept.lowerBound)
        // The ids `traindb journal replay` gives (seed 0): the delete names the 25th workout's.
        let journal = try FitnessJournal(
            inMemoryWith: clock, newUser: JournalSettings(timeZone: .gmt), ids: SeededRowIDs(seed: 0))
        let replay = JournalReplay(try String(contentsOf: file, encoding: .utf8), into: journal, clock: clock)
        clock.set(try JournalFixture.moment("2026-12-31T20:00:00Z"))
        return (journal, replay, clock)
    }

    @Test("every event is applied but the two refused on purpose, each with its line")
    func refusals() throws {
        let (_, replay, _) = try Self.replayed()
        #expect(replay.applied == 436)
        #expect(replay.refusals.map(\.line) == [20, 197])
        #expect(replay.refusals.map(\.code) == ["journal.invalid_field", "journal.invalid_field"])
        #expect(replay.refusals.first?.message == "duration: must be more than 0 minutes, not 0")
        #expect(replay.refusals.last?.message == "energy: must be 1-10, not 11")
    }

    @Test("all time: the year's pinned figures")
    func allTime() throws {
        let (journal, _, _) = try Self.replayed()
        let year = try journal.progress(.all)
        #expect(year.firstDay == (try JournalFixture.date("2026-01-01")))
        #expect(year.days.count == 365)
        #expect(year.totalWorkouts == 183)
        #expect(year.totalMinutes == 7390)
        #expect(year.activeDays == 183)
        #expect(year.averageDurationMinutes == 40.4)
        #expect(year.mostFrequentType == MostFrequentType(type: .yoga, workouts: 58, minutes: 2130))
        #expect(year.streak == Streak(current: 5, longest: 23))
        #expect(year.moodTrend.points.count == 248)
        #expect(year.moodTrend.averageScore == 3.6)
        #expect(year.moodTrend.direction == .improving)
        #expect(year.goal.goal == 4)
        #expect(year.goal.weeks.count == 53)
        #expect(year.goal.weeksMet == 25)
        #expect(year.chartPoints.count == 53, "a year is drawn a bar per week")
    }

    @Test("December and the last week: the pinned figures")
    func monthAndWeek() throws {
        let (journal, _, _) = try Self.replayed()
        let december = try journal.progress(.month)
        #expect(december.totalWorkouts == 15)
        #expect(december.totalMinutes == 550)
        #expect(december.averageDurationMinutes == 36.7)
        #expect(december.mostFrequentType == MostFrequentType(type: .running, workouts: 6, minutes: 175))
        #expect(december.goal.weeks.map(\.workouts) == [2, 3, 3, 3, 4])
        #expect(december.moodTrend.points.count == 21)
        #expect(december.moodTrend.averageScore == 3.9)
        #expect(december.moodTrend.direction == .steady)
        let week = try journal.progress(.week)
        #expect(week.days.map(\.minutes) == [30, 30, 45, 30, 0, 0, 0])
        #expect(week.averageDurationMinutes == 33.8)
        #expect(week.mostFrequentType == MostFrequentType(type: .running, workouts: 2, minutes: 60))
        #expect(week.moodTrend.points.map(\.mood) == [.okay, .good, .good, .great])
        #expect(week.goal.thisWeek == 4)
        #expect(week.goal.remaining == 0)
    }

    @Test("today on the last evening, and the settings the year left")
    func lastEvening() throws {
        let (journal, _, _) = try Self.replayed()
        let today = try journal.today()
        #expect(today.greeting == "Good evening, Alex")
        #expect(today.workouts == 1)
        #expect(today.checkIn?.notes == "Year done, 5-day streak")
        #expect(today.nextReminder == (try JournalFixture.moment("2027-01-01T07:00:00Z")))
        #expect(try journal.allWorkouts().contains { $0.notes == "Hike, 14 km, \"windy\"\nsummit at noon" })
    }

    @Test(
        "the store's totals added up in SQL agree with the entries added up one by one",
        arguments: ProgressPeriod.allCases)
    func storeAgreesWithEntries(period: ProgressPeriod) throws {
        let (journal, _, _) = try Self.replayed()
        let fromStore = try journal.progress(period)
        let workouts = try journal.allWorkouts()
        let fromEntries = ProgressReport(
            period: period, today: fromStore.today, workouts: workouts, workoutDays: workouts.map(\.date),
            checkIns: try journal.allCheckIns(), firstDay: try JournalFixture.date("2026-01-01"), weeklyGoal: 4)
        #expect(fromStore == fromEntries)
    }
}
