import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// The home screen's summary and the progress screen.
extension FitnessJournal {
    /// The progress of `period` as of now.
    public func progress(_ period: ProgressPeriod) throws(JournalError) -> ProgressReport {
        try read { db, now in
            let settings = try settings(db)
            let today = CalendarDate(now, in: settings.timeZone)
            let firstDay = try Self.firstDay(db)
            let range = period.days(today: today, firstDay: firstDay)
            let week = TrainingWeek(containing: today)
            let totals = try Self.totals(db, range)
            // All time runs to today: its days with workouts are every day the streak can count.
            let workoutDays = period == .all ? totals.days.map(\.date) : try Self.workoutDays(db)
            return ProgressReport(
                period: period, today: today, firstDay: firstDay, dayTotals: totals.days,
                typeTallies: totals.types, workoutDays: workoutDays,
                moods: try Self.moods(db, range), thisWeek: try Self.workoutCount(db, week.monday...week.sunday),
                weeklyGoal: settings.weeklyGoal)
        }
    }

    /// Today on the home screen: the greeting, today's workouts and minutes, the check-in's
    /// status, the last three workouts, this week against the goal and the next reminder.
    public func today() throws(JournalError) -> TodaySummary {
        try read { db, now in
            let settings = try settings(db)
            let today = CalendarDate(now, in: settings.timeZone)
            let week = TrainingWeek(containing: today)
            let todays = try Self.workouts(db, today...today)
            let recent = try WorkoutRecord.order(WorkoutRecord.Columns.loggedAt.desc, Column.rowID.desc).limit(3)
                .fetchAll(db)
                .map { record throws in try record.entry() }
            let weekCount = try Self.workoutCount(db, week.monday...week.sunday)
            let last = try Self.lastCheckIn(db)
            return TodaySummary(
                now: now, settings: settings, workouts: todays, recent: recent,
                checkIn: last.flatMap { $0.date == today ? $0 : nil }, lastCheckIn: last,
                goal: GoalProgress(goal: settings.weeklyGoal, thisWeek: weekCount, weeks: []),
                streak: Streak(days: try Self.workoutDays(db), today: today))
        }
    }

    // MARK: - Queries inside a transaction

    /// The first day with a workout or a check-in; nil for an empty journal. A first date that
    /// is not one is an error (never today in its place).
    static func firstDay(_ db: Database) throws -> CalendarDate? {
        let text = try String.fetchOne(
            db,
            sql: "SELECT min(date) FROM (SELECT min(date) AS date FROM workouts UNION ALL "
                + "SELECT min(date) FROM check_ins)")
        return try text.map(date)
    }

    /// A `date` column as SQL that reads it as `CalendarDate.dayNumber`.
    static let dayNumber = StoreSQL.dayNumberOfDate

    /// A `date` column's `YYYY-MM-DD`; a row the schema should have refused is an error.
    static func date(_ text: String) throws(JournalError) -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw JournalError(.storeUnreadable, "\"\(text)\" is not a date written YYYY-MM-DD")
        }
        return date
    }

    /// Workouts and minutes per day of `range`, and per type: one pass over the covering index.
    static func totals(
        _ db: Database, _ range: ClosedRange<CalendarDate>
    ) throws -> (days: [ProgressReport.Day], types: [MostFrequentType]) {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT date, exercise_type, count(*) AS workouts, sum(duration_minutes) AS minutes
                    FROM workouts WHERE date BETWEEN ? AND ? GROUP BY date, exercise_type
                    """), arguments: [range.lowerBound.description, range.upperBound.description])
        var days: [ProgressReport.Day] = []
        var lastDay: String?
        var types = ExerciseType.allCases.map { MostFrequentType(type: $0, workouts: 0, minutes: 0) }
        while let row = try rows.next() {
            let day: String = try row.decode(atIndex: 0)
            let workouts: Int = try row.decode(atIndex: 2)
            let minutes: Int = try row.decode(atIndex: 3)
            if day == lastDay {
                days[days.count - 1].workouts += workouts
                days[days.count - 1].minutes += minutes
            } else {
                days.append(
                    ProgressReport.Day(date: try date(day), workouts: workouts, minutes: minutes))
                lastDay = day
            }
            let name: String = try row.decode(atIndex: 1)
            if let index = ExerciseType.allCases.firstIndex(where: { $0.rawValue == name }) {
                types[index].workouts += workouts
                types[index].minutes += minutes
            }
        }
        return (days, types)
    }

    static func workoutCount(_ db: Database, _ range: ClosedRange<CalendarDate>) throws -> Int {
        try WorkoutRecord.filter(
            WorkoutRecord.Columns.date >= range.lowerBound.description
                && WorkoutRecord.Columns.date <= range.upperBound.description
        ).fetchCount(db)
    }

    /// Every day with a workout. The text read by `date(_:)` rather than SQLite's `julianday()`,
    /// which costs several times more per row; a row whose date is not one is an error.
    static func workoutDays(_ db: Database) throws -> [CalendarDate] {
        let texts = try String.fetchCursor(db.cachedStatement(sql: "SELECT date FROM workouts GROUP BY date"))
        var days: [CalendarDate] = []
        while let text = try texts.next() { days.append(try date(text)) }
        return days
    }

    /// Each day's mood in `range`: its last check-in's, oldest day first. Read in that order from
    /// `check_ins_by_date_and_moment` (migration 0004), with no sort.
    static func moods(_ db: Database, _ range: ClosedRange<CalendarDate>) throws -> [MoodTrend.Point] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT date, mood, energy_level FROM check_ins
                    WHERE date BETWEEN ? AND ? ORDER BY date, checked_in_at, rowid
                    """), arguments: [range.lowerBound.description, range.upperBound.description])
        var points: [MoodTrend.Point] = []
        while let row = try rows.next() {
            guard let mood = Mood(rawValue: try row.decode(atIndex: 1)) else { continue }
            let point = MoodTrend.Point(
                date: try date(try row.decode(atIndex: 0)), mood: mood, energyLevel: try row.decode(atIndex: 2))
            if points.last?.date == point.date { points.removeLast() }
            points.append(point)
        }
        return points
    }

    /// The workouts of `range` (all when nil), in the order they were logged.
    static func workouts(_ db: Database, _ range: ClosedRange<CalendarDate>? = nil) throws -> [WorkoutEntry] {
        let filter: SQL =
            range.map { "WHERE date BETWEEN \($0.lowerBound.description) AND \($0.upperBound.description)" }
            ?? ""
        let request = SQLRequest<WorkoutRecord>(
            literal: "SELECT * FROM workouts \(filter) ORDER BY date, logged_at, rowid", cached: true)
        return try request.fetchAll(db).map { record throws(JournalError) in try record.entry() }
    }
}
