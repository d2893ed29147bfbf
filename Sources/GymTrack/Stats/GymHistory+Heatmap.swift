import Charts
import GRDB
import TrainingCalendar
import UserStore

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

extension GymTrack {
    /// The challenge heatmap as of today, reading only the 52 weeks it shows.
    public func challengeHeatmap() throws(GymTrackError) -> WeekGridHeatmap {
        try read { db, now in
            let first = GymHistory.heatmapFirstDay(today: now.today)
            let sql = "SELECT \(StoreSQL.dayNumberOfDate), sets_completed FROM daily_challenge WHERE date >= ?"
            var sets: [CalendarDate: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: sql, arguments: [first.description])
            while let row = try rows.next() {
                guard let day: Int = row[0] else { continue }
                sets[CalendarDate(dayNumber: day)] = row[1]
            }
            return GymHistory(sessions: [], challengeSets: sets).heatmap(today: now.today)
        }
    }
}
