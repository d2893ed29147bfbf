import TrainingCalendar

/// The challenge card of the Main Screen (seed 002 §3.4).
public struct ChallengeCard: Codable, Hashable, Sendable {
    public let date: CalendarDate
    /// Sets done today, 0-3.
    public let sets: Int
    public let status: ChallengeStatus
    /// Days in a row with all 3 sets, ending today or yesterday; and the longest run.
    public let streak: Streak
    /// Complete days among today and the 364 days before it.
    public let past365Days: Int
    /// Complete days from 1 January of today's year to today.
    public let yearToDate: Int
}

/// The Main Screen's quick stats (seed 002 §3.5). Partial sessions count as sessions here; only
/// streaks leave them out.
public struct QuickStats: Codable, Hashable, Sendable {
    public let today: CalendarDate
    /// Sessions in the training week (Monday to Sunday) holding today.
    public let sessionsThisWeek: Int
    /// Sessions in today's calendar month.
    public let sessionsThisMonth: Int
    public let lastSession: SessionSummary?
}

/// Sessions in one week or month.
public struct PeriodCount: Codable, Hashable, Sendable {
    /// The period's first day: a Monday, or the 1st of a month.
    public let start: CalendarDate
    /// Every session logged in the period.
    public let sessions: Int
    /// Of which partial.
    public let partial: Int
}

/// One type's share of all sessions.
public struct TypeShare: Codable, Hashable, Sendable {
    public let type: SessionType
    public let sessions: Int
    /// Percent of all sessions, rounded to a whole number (0 when there are none).
    public let percent: Int
}

/// What the 52-week challenge heatmap shows.
public struct HeatmapSummary: Codable, Hashable, Sendable {
    /// The Monday 51 weeks before today's week.
    public let firstDay: CalendarDate
    public let lastDay: CalendarDate
    /// Days with all 3 sets (the darkest cells).
    public let completeDays: Int
    /// Days with at least one set (every shaded cell).
    public let daysWithSets: Int
}

/// The Stats Screen (seed 002 §9) with the Main Screen's numbers.
public struct GymStats: Codable, Hashable, Sendable {
    public let today: CalendarDate
    /// Days in a row with a non-partial session (seed 002 §8.1), and the longest run ever.
    public let gymStreak: Streak
    public let quick: QuickStats
    public let challenge: ChallengeCard
    /// The 12 training weeks ending with today's, oldest first.
    public let weekly: [PeriodCount]
    /// The 12 calendar months ending with today's, oldest first.
    public let monthly: [PeriodCount]
    /// A, B and C over all sessions.
    public let distribution: [TypeShare]
    public let heatmap: HeatmapSummary
}
