extension ProgressReport {
    /// The stats summary, the mood trend and the goal, then the chart's numbers as a table.
    public var text: String {
        var lines = ["\(period.name): \(firstDay) to \(lastDay)"]
        lines.append(
            "Workouts: \(totalWorkouts) on \(ProgressReport.count(activeDays, "day")), "
                + "\(JournalText.minutes(totalMinutes)) in all")
        lines.append(
            "Average duration: "
                + (averageDurationMinutes.map { JournalText.oneDecimal($0) + " min" } ?? "no workouts yet"))
        lines.append(
            "Most frequent: "
                + (mostFrequentType.map {
                    "\($0.type.name) (\(ProgressReport.count($0.workouts, "workout")), \($0.minutes) min)"
                } ?? "none yet"))
        lines.append(
            "Streak: \(ProgressReport.count(streak.current, "day")) "
                + "(longest \(ProgressReport.count(streak.longest, "day")))")
        if let average = moodTrend.averageScore {
            let direction = moodTrend.direction.map { ", \($0.rawValue)" } ?? ""
            let faces = moodTrend.points.suffix(14).map(\.mood.emoji).joined()
            lines.append(
                "Mood: average \(JournalText.oneDecimal(average))/5 over "
                    + "\(ProgressReport.count(moodTrend.points.count, "check-in day"))\(direction)  \(faces)")
        } else {
            lines.append("Mood: no check-ins")
        }
        lines.append(
            "Weekly goal: \(goal.thisWeek) of \(goal.goal) this week; met in \(goal.weeksMet) of "
                + ProgressReport.count(goal.weeks.count, "week"))
        lines.append("")
        for point in chartPoints where period != .all || point.bar > 0 {
            let bars = String(repeating: "▇", count: min(Int(point.bar), 20))
            lines.append(
                "  \(point.label.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                    + "\(Int(point.bar)) \(bars) \(Int(point.line)) min")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
