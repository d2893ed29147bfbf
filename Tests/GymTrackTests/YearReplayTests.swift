import Foundation
import GymTrack
import TestSupport
import Testing
import TrainingCalendar

/// A year of use (Replays/year.jsonl, written by make_year.py, whose docstring tells the story)
/// replayed into an empty store. The numbers below were counted by hand from that story once:
///
/// - Sessions: Mondays, Wednesdays and Fridays from 5 January to 30 November without the two
///   weeks of August (12, 12, 13, 13, 13, 13, 14, 7, 13, 13, 13 a month) and every day of
///   December (31): 167, taken in rotation, so A 56, B 56, C 55; 9 partial (the first Friday of
///   February to November, August's in the holiday).
/// - Gym streak: Monday 30 November and all of December, 32 days, also the longest.
/// - Challenge: 365 days less the 14 of the holiday, the 46 Sundays of two sets (52 less
///   December's 4 and the holiday's 2), 10 June (corrected to 0) and 24 December (one set):
///   303 complete days. The current run is 25-31 December (7); the longest 30 November to 23
///   December (24).
/// - Heatmap: from Monday 5 January (51 weeks before the week of 28 December), 361 days: 300
///   complete (303 less 1-3 January), 346 with sets (less the holiday and 10 June).
@Suite("GymTrack year replay")
struct YearReplayTests {
    static let events = PackageRoot.url("Tests/GymTrackTests/Replays/year.jsonl")

    /// The replay, run once for every test of the suite.
    static let year: Result<(stats: GymStats, history: GymHistory, today: CalendarDate), any Error> = Result {
        let clock = ManualClock(Timestamp.kept.lowerBound)
        let gym = try GymTrack(inMemory: clock, timeZone: GymFixture.london)
        let refusals = GymReplay(gym: gym, clock: clock).run(try String(contentsOf: events, encoding: .utf8))
        guard refusals.isEmpty else { throw YearReplayError(refusals: refusals) }
        let (history, today) = try gym.history()
        return (try gym.stats(), history, today)
    }

    static func replayed() throws -> (stats: GymStats, history: GymHistory, today: CalendarDate) {
        try year.get()
    }

    @Test("the year's stats are the ones counted by hand")
    func pinnedStats() throws {
        let (stats, _, _) = try Self.replayed()
        #expect(stats.today == GymFixture.date("2026-12-31"))
        #expect(stats.gymStreak == Streak(current: 32, longest: 32))
        #expect(stats.challenge.streak == Streak(current: 7, longest: 24))
        #expect(stats.challenge.past365Days == 303)
        #expect(stats.challenge.yearToDate == 303)
        #expect(stats.challenge.sets == 3 && stats.challenge.status == .complete)
        #expect(stats.distribution.map(\.sessions) == [56, 56, 55])
        #expect(stats.distribution.map(\.percent) == [34, 34, 33])
        #expect(stats.monthly.map(\.sessions) == [12, 12, 13, 13, 13, 13, 14, 7, 13, 13, 13, 31])
        #expect(stats.monthly.map(\.partial) == [0, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0])
        #expect(stats.weekly.suffix(5).map(\.sessions) == [7, 7, 7, 7, 4])
        #expect(stats.quick.sessionsThisWeek == 4)
        #expect(stats.quick.sessionsThisMonth == 31)
        #expect(stats.quick.lastSession == SessionSummary(type: .b, date: stats.today, isPartial: false))
        #expect(stats.heatmap.firstDay == GymFixture.date("2026-01-05"))
        #expect(stats.heatmap.lastDay == stats.today)
        #expect(stats.heatmap.completeDays == 300)
        #expect(stats.heatmap.daysWithSets == 346)
    }

    @Test("the heatmap SVG shows 361 days, 346 shaded, 300 of them complete, none after today")
    func heatmapPicture() throws {
        let (_, history, today) = try Self.replayed()
        let picture = try SVGPicture(history.heatmap(today: today).document.text)
        let cells = picture.elements("rect", class: "cell")
        #expect(cells.count == 361)
        #expect(cells.first?.attributes["data-date"] == "2026-01-05")
        #expect(cells.last?.attributes["data-date"] == "2026-12-31")
        #expect(picture.elements("rect", class: "filled").count == 346)
        #expect(cells.filter { $0.attributes["data-level"] == "3" }.count == 300)
        let byDate = Dictionary(
            uniqueKeysWithValues: cells.compactMap { cell in
                cell.attributes["data-date"].map { ($0, cell) }
            })
        #expect(byDate["2026-06-10"]?.attributes["class"] == "cell")
        #expect(byDate["2026-12-24"]?.attributes["data-level"] == "1")
        #expect(byDate["2026-12-24"]?.title == "2026-12-24: 1 of 3 sets")
        #expect(byDate["2026-11-29"]?.attributes["data-level"] == "2")
        #expect(byDate["2026-08-10"]?.attributes["data-value"] == "0")
        #expect(picture.title == "Daily challenge, 52 weeks to 2026-12-31")
    }
}

struct YearReplayError: Error {
    var refusals: [GymReplay.Refusal]
}
