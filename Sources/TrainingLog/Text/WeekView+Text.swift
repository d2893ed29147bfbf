extension WeekView {
    /// `Week 3 of 8 · 2/3 complete`, the seven days, and the next workout.
    public var text: String {
        var lines = ["\(label) · \(progress) · \(monday) to \(sunday)"]
        for day in days {
            var line = "  \(day.weekday.shortName) \(day.date)"
            if !day.scheduled.isEmpty { line += "  \(day.scheduled.joined(separator: ", "))" }
            if !day.completed.isEmpty { line += "  done: \(day.completed.joined(separator: ", "))" }
            if day.isToday { line += "  (today)" }
            lines.append(line)
        }
        if let openWorkout { lines.append("Open workout: \(openWorkout)") }
        if finished {
            lines.append("The programme is finished: retake the questionnaire for the next one.")
        } else if let nextWorkout {
            lines.append("Next workout: \(nextWorkout.dayName) (\(nextWorkout.weekday.shortName))")
        } else {
            lines.append("Every session of this week is done.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
