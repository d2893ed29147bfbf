import Foundation
import GRDB
import TrainingCalendar

extension TrainingLog {
    /// This week on the user's wall clock (Monday 00:00 to Sunday 24:00): the programme's week
    /// number, "X/Y complete", the next workout and the seven days (business rules §9, §11). A
    /// workout belongs to the day and the week it started in.
    public func week() throws(TrainingLogError) -> WeekView {
        try read { db, now in
            let settings = try userSettings(db)
            let active = try requireActiveProgramme(db)
            let today = CalendarDate(now, in: settings.timeZone)
            let week = TrainingWeek(containing: today)
            let calendar = ProgrammeCalendar(startDate: active.record.startDate, totalWeeks: active.record.totalWeeks)
            let workouts = try WorkoutRecord.filter(
                WorkoutRecord.Columns.state == WorkoutRecord.State.completed.rawValue
                    && WorkoutRecord.Columns.startedAt >= Timestamp.text(week.start(in: settings.timeZone))
                    && WorkoutRecord.Columns.startedAt < Timestamp.text(week.end(in: settings.timeZone))
            ).order(WorkoutRecord.Columns.startedAt).fetchAll(db)
            let sessions = active.programme.sessions
            let done = Set(workouts.filter { $0.programmeId == active.record.id }.map(\.sessionId))
            let position = calendar.position(of: today)
            var number: Int?
            if case .week(let value) = position { number = value }
            let completed = sessions.filter { done.contains($0.id) }.count
            let next = position == .finished ? nil : sessions.first { !done.contains($0.id) }
            let days = week.days.map { day in
                WeekView.Day(
                    date: day, weekday: day.weekday, isToday: day == today,
                    scheduled: sessions.filter { $0.weekday == day.weekday }.map(\.dayName),
                    completed: workouts.filter { CalendarDate($0.startedAt, in: settings.timeZone) == day }
                        .map(\.sessionName))
            }
            return WeekView(
                today: today, monday: week.monday, sunday: week.sunday, label: calendar.label(for: today),
                weekNumber: number, totalWeeks: calendar.totalWeeks, finished: position == .finished,
                completedSessions: completed, scheduledSessions: sessions.count,
                progress: "\(completed)/\(sessions.count) complete",
                nextWorkout: next.map { WeekView.Session(id: $0.id, dayName: $0.dayName, weekday: $0.weekday) },
                openWorkout: try openWorkout(db)?.sessionName, days: days)
        }
    }

    /// The current and longest streaks of days with a completed workout (business rules §10),
    /// counted on the user's wall clock, as of the clock's today. A completed workout whose
    /// start is not a moment is an error, never a day left out of the streak.
    public func streak() throws(TrainingLogError) -> StreakView {
        try read { db, now in
            let settings = try userSettings(db)
            let days = try String.fetchAll(
                db, sql: "SELECT started_at FROM workouts WHERE state = 'completed' ORDER BY started_at"
            ).map { text throws(TrainingLogError) in
                guard let moment = Timestamp.parse(text) else {
                    throw TrainingLogError(
                        .storeUnreadable, "a completed workout in \(name) has an unreadable start: \"\(text)\"")
                }
                return CalendarDate(moment, in: settings.timeZone)
            }
            let today = CalendarDate(now, in: settings.timeZone)
            let streak = Streak(days: days, today: today)
            return StreakView(
                today: today, current: streak.current, longest: streak.longest, lastWorkoutDate: days.last)
        }
    }
}
