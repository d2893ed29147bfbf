import Foundation
import GRDB
import TrainingCalendar

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
            let from = min(range.lowerBound, week.monday)
            let to = max(range.upperBound, week.sunday)
            return ProgressReport(
                period: period, today: today, workouts: try Self.workouts(db, from: from, to: to),
                workoutDays: try Self.workoutDays(db), checkIns: try Self.checkIns(db, from: from, to: to),
                firstDay: firstDay, weeklyGoal: settings.weeklyGoal)
        }
    }

    /// Today on the home screen: the greeting, today's workouts and minutes, the check-in's
    /// status, the last three workouts, this week against the goal and the next reminder.
    public func today() throws(JournalError) -> TodaySummary {
        try read { db, now in
            let settings = try settings(db)
            let today = CalendarDate(now, in: settings.timeZone)
            let week = TrainingWeek(containing: today)
            let todays = try Self.workouts(db, from: today, to: today)
            let recent = try WorkoutRecord.order(Column("logged_at").desc, Column("id").desc).limit(3).fetchAll(db)
                .map { record throws in try record.entry() }
            let weekCount = try WorkoutRecord.filter(
                Column("date") >= week.monday.description && Column("date") <= week.sunday.description
            ).fetchCount(db)
            let last = try Self.lastCheckIn(db)
            return TodaySummary(
                now: now, settings: settings, workouts: todays, recent: recent,
                checkIn: last.flatMap { $0.date == today ? $0 : nil }, lastCheckIn: last,
                goal: GoalProgress(goal: settings.weeklyGoal, thisWeek: weekCount, weeks: []),
                streak: Streak(days: try Self.workoutDays(db), today: today))
        }
    }

    // MARK: - Queries inside a transaction

    /// The first day with a workout or a check-in; nil for an empty journal.
    static func firstDay(_ db: Database) throws -> CalendarDate? {
        let text = try String.fetchOne(
            db, sql: "SELECT min(date) FROM (SELECT min(date) AS date FROM workouts UNION ALL "
                + "SELECT min(date) FROM check_ins)")
        return text.flatMap(CalendarDate.init)
    }

    /// The workouts of the days `from` … `to`, in the order they were logged.
    static func workouts(_ db: Database, from: CalendarDate, to: CalendarDate) throws -> [WorkoutEntry] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, date, exercise_type, duration_minutes, intensity, notes, logged_at FROM workouts
                WHERE date BETWEEN ? AND ? ORDER BY date, logged_at, id
                """, arguments: [from.description, to.description])
        var entries: [WorkoutEntry] = []
        while let row = try rows.next() {
            guard let date = CalendarDate(row[1] as String), let type = ExerciseType(rawValue: row[2]),
                let intensity = Intensity(rawValue: row[4])
            else { throw JournalError(.storeUnreadable, "workout \(row[0] as Int64) is not readable") }
            entries.append(
                WorkoutEntry(
                    id: row[0], date: date, type: type, durationMinutes: row[3], intensity: intensity, notes: row[5],
                    loggedAt: row[6]))
        }
        return entries
    }

    /// Every day with a workout.
    static func workoutDays(_ db: Database) throws -> [CalendarDate] {
        try String.fetchAll(db, sql: "SELECT DISTINCT date FROM workouts").compactMap(CalendarDate.init)
    }

    /// The check-ins of the days `from` … `to`, in the order they were saved.
    static func checkIns(_ db: Database, from: CalendarDate, to: CalendarDate) throws -> [CheckIn] {
        try CheckInRecord.filter(Column("date") >= from.description && Column("date") <= to.description)
            .order(Column("checked_in_at"), Column("id")).fetchAll(db).map { record throws in try record.checkIn() }
    }
}
