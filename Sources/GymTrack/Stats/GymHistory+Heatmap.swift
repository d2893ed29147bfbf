import Charts
import TrainingCalendar

extension GymHistory {
    /// The Stats Screen's challenge heatmap (seed 002 §9): 52 weeks ending with today's, one cell
    /// per day shaded by its sets (1, 2 or 3 of 3); the darkest cells are the complete days.
    public func heatmap(today: CalendarDate) -> WeekGridHeatmap {
        let sets = heatmapSets(today: today)
        return WeekGridHeatmap(
            title: "Daily challenge, 52 weeks to \(today)", lastDay: today,
            values: sets.mapValues(Double.init), maximum: Double(ChallengeCounter.setsPerDay),
            levels: ChallengeCounter.setsPerDay,
            details: sets.reduce(into: [:]) { details, day in
                details[day.key] = "\(day.key): \(day.value) of 3 sets"
            })
    }
}
