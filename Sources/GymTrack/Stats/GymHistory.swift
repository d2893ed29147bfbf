import GRDB
import TrainingCalendar
import UserStore

/// Everything the stats read: every logged session and every day's challenge sets, as plain
/// values. The stats are functions of this and a date, so they can be tested and measured
/// without a store.
public struct GymHistory: Hashable, Sendable {
    /// A logged session, as the stats see it.
    public struct Session: Hashable, Sendable {
        public let date: CalendarDate
        public let type: SessionType
        public let isPartial: Bool

        public init(date: CalendarDate, type: SessionType, isPartial: Bool) {
            self.date = date
            self.type = type
            self.isPartial = isPartial
        }
    }

    /// In the order they were logged (by date, then start).
    public let sessions: [Session]
    /// The sets of each day the counter was touched (0-3).
    public let challengeSets: [CalendarDate: Int]

    public init(sessions: [Session], challengeSets: [CalendarDate: Int]) {
        self.sessions = sessions
        self.challengeSets = challengeSets
    }

    /// Days with at least one non-partial session (business rules §10).
    public var gymDays: [CalendarDate] {
        sessions.lazy.filter { !$0.isPartial }.map(\.date)
    }

    /// Days with all three challenge sets.
    public var challengeDays: [CalendarDate] {
        challengeSets.compactMap { $0.value >= ChallengeCounter.setsPerDay ? $0.key : nil }
    }

    /// Reads the history inside a transaction. SQLite turns each stored date into its day number
    /// (`CalendarDate.dayNumber`), much faster than parsing the text; a row whose date is not a
    /// date (or whose type is not one) is an error, never a day left out.
    static func fetch(_ db: Database) throws -> GymHistory {
        var sessions: [Session] = []
        // Kept statements: every screen of stats reads both tables.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT \(StoreSQL.dayNumberOfDate), session_type, is_partial FROM sessions "
                    + "ORDER BY date, started_at, rowid"))
        while let row = try rows.next() {
            guard let day: Int = row[0], let type = SessionType(rawValue: row[1]) else {
                let damaged = try String.fetchOne(
                    db,
                    sql: "SELECT quote(date) || ', type ' || quote(session_type) FROM sessions "
                        + "WHERE julianday(date) IS NULL OR session_type NOT IN ('A', 'B', 'C') LIMIT 1")
                throw GymTrackError(
                    .storeUnreadable, "a session in the store is damaged: date \(damaged ?? "unreadable")")
            }
            sessions.append(Session(date: CalendarDate(dayNumber: day), type: type, isPartial: row[2]))
        }
        // Pairs first, then the dictionary at its size: growing it row by row cost a fifth of the stats.
        var challengeDays: [(CalendarDate, Int)] = []
        let days = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT \(StoreSQL.dayNumberOfDate), sets_completed FROM daily_challenge"))
        while let row = try days.next() {
            guard let day: Int = row[0] else {
                let damaged = try String.fetchOne(
                    db, sql: "SELECT quote(date) FROM daily_challenge WHERE julianday(date) IS NULL LIMIT 1")
                throw GymTrackError(
                    .storeUnreadable, "a day of the daily challenge in the store is not a date: \(damaged ?? "?")")
            }
            challengeDays.append((CalendarDate(dayNumber: day), row[1]))
        }
        let challenge = Dictionary(challengeDays, uniquingKeysWith: { _, last in last })
        return GymHistory(sessions: sessions, challengeSets: challenge)
    }
}
