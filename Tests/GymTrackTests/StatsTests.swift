import Foundation
import GymTrack
import Testing
import TrainingCalendar

/// Quick stats (§3.5), the challenge card (§3.4) and the v1.1 stats (§9) on a hand-made history.
@Suite("GymTrack stats")
struct StatsTests {
    static func date(_ text: String) -> CalendarDate { GymFixture.date(text) }

    /// Wednesday 2026-03-04. Sessions: A on Mon 2 Mar, B (partial) on Tue 3 Mar, C on Wed 4 Mar,
    /// A on Fri 27 Feb, B on 15 Jan; and one dated after today (a clock set back) that counts
    /// nowhere.
    static let history = GymHistory(
        sessions: [
            .init(date: date("2026-01-15"), type: .b, isPartial: false),
            .init(date: date("2026-02-27"), type: .a, isPartial: false),
            .init(date: date("2026-03-02"), type: .a, isPartial: false),
            .init(date: date("2026-03-03"), type: .b, isPartial: true),
            .init(date: date("2026-03-04"), type: .c, isPartial: false),
            .init(date: date("2026-03-09"), type: .a, isPartial: false),
        ],
        challengeSets: [
            date("2025-03-04"): 3,  // 365 days before today: outside the past 365 days
            date("2025-03-05"): 3,  // 364 days before: inside
            date("2025-12-31"): 3, date("2026-01-01"): 3, date("2026-03-02"): 2, date("2026-03-03"): 3,
            date("2026-03-04"): 1, date("2026-03-10"): 3,
        ])
    static let today = date("2026-03-04")

    @Test("quick stats: sessions this week and this month, partial included, and the last session")
    func quick() {
        let quick = Self.history.quickStats(today: Self.today)
        #expect(quick.sessionsThisWeek == 3)
        #expect(quick.sessionsThisMonth == 3)
        #expect(quick.lastSession == SessionSummary(type: .c, date: Self.today, isPartial: false))
    }

    @Test("the challenge card: today's sets, status, streak, past 365 days and year to date")
    func card() {
        let card = Self.history.challengeCard(today: Self.today)
        #expect(card.sets == 1)
        #expect(card.status == .partial)
        #expect(card.streak == Streak(current: 1, longest: 2))
        #expect(card.past365Days == 4)
        #expect(card.yearToDate == 2)
    }

    @Test("weekly and monthly frequency, oldest first, ending with today's week and month")
    func frequency() {
        let weekly = Self.history.weekly(today: Self.today)
        #expect(weekly.count == 12)
        #expect(weekly.last?.start == Self.date("2026-03-02"))
        #expect(weekly.first?.start == Self.date("2025-12-15"))
        #expect(weekly.map(\.sessions) == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 3])
        #expect(weekly.last?.partial == 1)
        let monthly = Self.history.monthly(today: Self.today)
        #expect(monthly.map(\.start.description).first == "2025-04-01")
        #expect(monthly.map(\.start.description).last == "2026-03-01")
        #expect(monthly.suffix(3).map(\.sessions) == [1, 1, 3])
        #expect(monthly.map(\.sessions).reduce(0, +) == 5)
    }

    @Test("the A/B/C distribution counts every session up to today")
    func distribution() {
        let shares = Self.history.distribution(today: Self.today)
        #expect(shares.map(\.sessions) == [2, 2, 1])
        #expect(shares.map(\.percent) == [40, 40, 20])
        #expect(
            GymHistory(sessions: [], challengeSets: [:]).distribution(today: Self.today).map(\.percent) == [0, 0, 0])
    }

    @Test("the heatmap covers 52 weeks from a Monday to today")
    func heatmap() {
        let summary = Self.history.heatmapSummary(today: Self.today)
        #expect(summary.firstDay == Self.date("2025-03-10"))
        #expect(summary.firstDay.weekday == .mon)
        #expect(summary.lastDay == Self.today)
        #expect(summary.completeDays == 3)
        #expect(summary.daysWithSets == 5)
    }

    @Test("the store's quick stats agree with the history's")
    func storeQuickStats() throws {
        let fixture = try GymFixture()
        try fixture.session(.a, at: "2026-03-02T08:00:00Z", checking: Array(1...9))
        try fixture.session(.b, at: "2026-03-03T08:00:00Z", checking: [1])
        try fixture.session(.c, at: "2026-02-27T08:00:00Z", checking: Array(1...7))
        fixture.at("2026-03-04T12:00:00Z")
        let (history, today) = try fixture.gym.history()
        #expect(try fixture.gym.quickStats() == history.quickStats(today: today))
        #expect(try fixture.gym.quickStats().sessionsThisWeek == 2)
        #expect(try fixture.gym.quickStats().sessionsThisMonth == 2)
        #expect(try fixture.gym.quickStats().lastSession?.type == .b)
    }
}
