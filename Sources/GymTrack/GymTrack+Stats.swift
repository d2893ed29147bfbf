import GRDB
import TrainingCalendar
import UserStore

/// The streaks and stats (seed 002 §3.5, §8, §9), each as of now.
extension GymTrack {
    /// Every stat: streaks, quick stats, the challenge card, frequency, distribution, heatmap.
    public func stats() throws(GymTrackError) -> GymStats {
        try read { db, now in try GymHistory.fetch(db).stats(today: now.today) }
    }

    /// The Main Screen's quick stats.
    public func quickStats() throws(GymTrackError) -> QuickStats {
        try read { db, now in
            let week = TrainingWeek(containing: now.today)
            let monthStart = CalendarDate(year: now.today.year, month: now.today.month, day: 1) ?? now.today
            let today = now.today.description
            func count(from start: CalendarDate) throws -> Int {
                try SessionRecord.filter(
                    SessionRecord.Columns.date >= start.description && SessionRecord.Columns.date <= today
                )
                .fetchCount(db)
            }
            let last = try SessionRecord.filter(SessionRecord.Columns.date <= today)
                .order(SessionRecord.Columns.date.desc, SessionRecord.Columns.startedAt.desc, Column.rowID.desc)
                .fetchOne(db)
            return QuickStats(
                today: now.today, sessionsThisWeek: try count(from: week.monday),
                sessionsThisMonth: try count(from: monthStart), lastSession: try last.map(Self.summary))
        }
    }

    /// The gym streak (seed 002 §8.1).
    public func gymStreak() throws(GymTrackError) -> Streak {
        try read { db, now in try gymStreak(db, today: now.today) }
    }

    /// Everything the stats read, with today's date: for a picture, or stats as of another day.
    public func history() throws(GymTrackError) -> (history: GymHistory, today: CalendarDate) {
        try read { db, now in (try GymHistory.fetch(db), now.today) }
    }

    /// True when the store holds no session, no challenge day and no open workout.
    public func isEmpty() throws(GymTrackError) -> Bool {
        try read { db, _ in
            try SessionRecord.fetchCount(db) == 0 && DailyChallengeRecord.fetchCount(db) == 0
                && OpenSessionRecord.fetchCount(db) == 0
        }
    }

    // MARK: - Inside a transaction

    func gymStreak(_ db: Database, today: CalendarDate) throws -> Streak {
        let sql = "SELECT DISTINCT \(StoreSQL.dayNumberOfDate) FROM sessions WHERE is_partial = 0 AND date <= ?"
        let days = try Int.fetchAll(db, sql: sql, arguments: [today.description])
        return Streak(days: days.map(CalendarDate.init(dayNumber:)), today: today)
    }
}
