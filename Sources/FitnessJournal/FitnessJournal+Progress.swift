import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// The home screen's summary and the progress screen.
extension FitnessJournal {
    /// The progress of `period` as of now: the days of the period read from their summaries
    /// (migration 0005), one row a day, rather than from every workout and check-in.
    public func progress(_ period: ProgressPeriod) throws(JournalError) -> ProgressReport {
        try read { db, now in
            let settings = try settings(db)
            let today = CalendarDate(now, in: settings.timeZone)
            let firstDay = try Self.firstDay(db)
            let range = period.days(today: today, firstDay: firstDay)
            let week = TrainingWeek(containing: today)
            let summary = summarised ? try Self.summary(db, range) : try Self.summaryOfRows(db, range)
            // All time runs to today: its days with workouts are every day the streak can count.
            let streakDays = period == .all ? summary.days.map(\.date) : try workoutDays(db)
            return ProgressReport(
                period: period, today: today, firstDay: firstDay, dayTotals: summary.days,
                typeTallies: summary.types, workoutDays: streakDays, moods: summary.moods,
                thisWeek: try workoutCount(db, week.monday...week.sunday), weeklyGoal: settings.weeklyGoal)
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
            // Kept statements, as every call of this screen reads the same ones.
            let recent = try SQLRequest<WorkoutRecord>(
                sql: "SELECT * FROM workouts ORDER BY logged_at DESC, rowid DESC LIMIT 3", cached: true
            ).fetchAll(db).map { record throws in try record.entry() }
            let weekCount = try workoutCount(db, week.monday...week.sunday)
            let last = try Self.lastCheckIn(db)
            return TodaySummary(
                now: now, settings: settings, workouts: todays, recent: recent,
                checkIn: last.flatMap { $0.date == today ? $0 : nil }, lastCheckIn: last,
                goal: GoalProgress(goal: settings.weeklyGoal, thisWeek: weekCount, weeks: []),
                streak: Streak(days: try workoutDays(db), today: today))
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

    /// The days of `range` from their summaries (migration 0005), one row a day in date order:
    /// the days with workouts and their totals, the workouts and minutes per type, and each day's
    /// mood (its last check-in's). The same as adding up the workouts and check-ins themselves.
    static func summary(
        _ db: Database, _ range: ClosedRange<CalendarDate>
    ) throws -> (days: [ProgressReport.Day], types: [MostFrequentType], moods: [MoodTrend.Point]) {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT day, date, workouts, running_workouts, running_minutes, cycling_workouts, cycling_minutes,
                        strength_workouts, strength_minutes, yoga_workouts, yoga_minutes, other_workouts,
                        other_minutes, mood, energy_level
                    FROM day_summaries WHERE date BETWEEN ? AND ?
                    """), arguments: [range.lowerBound.description, range.upperBound.description])
        // The columns' order of types is `ExerciseType.allCases`'s.
        let order = ExerciseType.allCases
        var types = order.map { MostFrequentType(type: $0, workouts: 0, minutes: 0) }
        var days: [ProgressReport.Day] = []
        var moods: [MoodTrend.Point] = []
        while let row = try rows.next() {
            let day = try summaryDay(row)
            let workouts: Int = try row.decode(atIndex: 2)
            if workouts > 0 {
                var minutes = 0
                for index in order.indices {
                    let ofType: Int = try row.decode(atIndex: 3 + 2 * index)
                    let minutesOfType: Int = try row.decode(atIndex: 4 + 2 * index)
                    types[index].workouts += ofType
                    types[index].minutes += minutesOfType
                    minutes += minutesOfType
                }
                days.append(ProgressReport.Day(date: day, workouts: workouts, minutes: minutes))
            }
            if let text = try row.decode(String?.self, atIndex: 13), let mood = Mood(rawValue: text) {
                moods.append(MoodTrend.Point(date: day, mood: mood, energyLevel: try row.decode(atIndex: 14)))
            }
        }
        return (days, types, moods)
    }

    /// Every day with a workout: from the summaries, or from the rows of a journal without them.
    func workoutDays(_ db: Database) throws -> [CalendarDate] {
        summarised ? try Self.workoutDays(db) : try Self.workoutDaysOfRows(db)
    }

    /// The workouts of `range`: from the summaries, or from the rows of a journal without them.
    func workoutCount(_ db: Database, _ range: ClosedRange<CalendarDate>) throws -> Int {
        summarised ? try Self.workoutCount(db, range) : try Self.workoutCountOfRows(db, range)
    }

    /// The workouts of `range`, from the days' summaries, through a kept statement.
    static func workoutCount(_ db: Database, _ range: ClosedRange<CalendarDate>) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT coalesce(sum(workouts), 0) FROM day_summaries WHERE date BETWEEN ? AND ?"),
            arguments: [range.lowerBound.description, range.upperBound.description]) ?? 0
    }

    /// Every day with a workout, from the days' summaries (migration 0005).
    static func workoutDays(_ db: Database) throws -> [CalendarDate] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT day, date FROM day_summaries WHERE workouts > 0"))
        var days: [CalendarDate] = []
        while let row = try rows.next() { days.append(try summaryDay(row)) }
        return days
    }

    /// The day of a summary row that starts with its `day` and `date`: the day number SQLite
    /// worked out when it was written (cheaper to read than the text), or, when the text is not a
    /// date, the error naming it.
    static func summaryDay(_ row: Row) throws -> CalendarDate {
        if let number = try row.decode(Int?.self, atIndex: 0) { return CalendarDate(dayNumber: number) }
        return try date(try row.decode(String.self, atIndex: 1))
    }

    /// The workouts of `range` (all when nil), in the order they were logged: their columns named
    /// and read by position (`WorkoutRecord.init(positionOf:)`), which the CSV export's thousands
    /// of rows feel.
    static func workouts(_ db: Database, _ range: ClosedRange<CalendarDate>? = nil) throws -> [WorkoutEntry] {
        let order = "ORDER BY date, logged_at, rowid"
        let rows =
            if let range {
                try Row.fetchCursor(
                    db.cachedStatement(
                        sql: "SELECT \(WorkoutRecord.selection) FROM workouts WHERE date BETWEEN ? AND ? \(order)"),
                    arguments: [range.lowerBound.description, range.upperBound.description])
            } else {
                try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(WorkoutRecord.selection) FROM workouts \(order)"))
            }
        var entries: [WorkoutEntry] = []
        while let row = try rows.next() {
            entries.append(try WorkoutRecord(positionOf: row).entry())
        }
        return entries
    }
}
