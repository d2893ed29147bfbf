import Foundation

extension TodaySummary {
    /// The home screen as text.
    public func text(in timeZone: TimeZone) -> String {
        var lines = ["\(greeting)! Today is \(date.weekday.name) \(date)."]
        lines.append(
            "Today: \(ProgressReport.count(workouts, "workout")), \(JournalText.minutes(minutes)); check-in "
                + (checkInDone ? "done" : "pending"))
        lines.append(
            "This week: \(goal.thisWeek) of \(goal.goal) workouts"
                + (goal.remaining == 0 ? " (goal met)" : " (\(goal.remaining) to go)")
                + "; streak \(ProgressReport.count(streak.current, "day"))")
        if let lastCheckIn { lines.append("Last check-in: \(lastCheckIn.text(in: timeZone))") }
        if let nextReminder {
            lines.append("Next reminder: \(JournalText.time(nextReminder, in: timeZone, withDate: true))")
        }
        lines.append(recentWorkouts.isEmpty ? "No workouts yet." : "Recent workouts:")
        lines += recentWorkouts.map { "  " + $0.text(in: timeZone, withDate: true) }
        return lines.joined(separator: "\n") + "\n"
    }
}
