import GRDB
import TrainingCalendar

/// Progress of a journal from before the days' summaries (migration 0005), which a command that
/// only reads opens as it is: added up from the workouts and check-ins themselves, with the same
/// answers as `summary(_:_:)`, `workoutDays(_:)` and `workoutCount(_:_:)` give from the summaries.
extension FitnessJournal {
    /// The days of `range` as `summary(_:_:)` gives them: workouts and minutes per day and per
    /// type in one pass over the covering index, and each day's last check-in's mood.
    static func summaryOfRows(
        _ db: Database, _ range: ClosedRange<CalendarDate>
    ) throws -> (days: [ProgressReport.Day], types: [MostFrequentType], moods: [MoodTrend.Point]) {
        let bounds: StatementArguments = [range.lowerBound.description, range.upperBound.description]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT date, exercise_type, count(*) AS workouts, sum(duration_minutes) AS minutes
                FROM workouts WHERE date BETWEEN ? AND ? GROUP BY date, exercise_type
                """, arguments: bounds)
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
                days.append(ProgressReport.Day(date: try date(day), workouts: workouts, minutes: minutes))
                lastDay = day
            }
            let name: String = try row.decode(atIndex: 1)
            if let index = ExerciseType.allCases.firstIndex(where: { $0.rawValue == name }) {
                types[index].workouts += workouts
                types[index].minutes += minutes
            }
        }
        let checkIns = try Row.fetchCursor(
            db,
            sql: """
                SELECT date, mood, energy_level FROM check_ins
                WHERE date BETWEEN ? AND ? ORDER BY date, checked_in_at, rowid
                """, arguments: bounds)
        var moods: [MoodTrend.Point] = []
        while let row = try checkIns.next() {
            guard let mood = Mood(rawValue: try row.decode(atIndex: 1)) else { continue }
            let point = MoodTrend.Point(
                date: try date(try row.decode(atIndex: 0)), mood: mood, energyLevel: try row.decode(atIndex: 2))
            if moods.last?.date == point.date { moods.removeLast() }
            moods.append(point)
        }
        return (days, types, moods)
    }

    /// Every day with a workout, from the workouts.
    static func workoutDaysOfRows(_ db: Database) throws -> [CalendarDate] {
        let texts = try String.fetchCursor(db, sql: "SELECT date FROM workouts GROUP BY date")
        var days: [CalendarDate] = []
        while let text = try texts.next() { days.append(try date(text)) }
        return days
    }

    /// The workouts of `range`, counted.
    static func workoutCountOfRows(_ db: Database, _ range: ClosedRange<CalendarDate>) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM workouts WHERE date BETWEEN ? AND ?",
            arguments: [range.lowerBound.description, range.upperBound.description]) ?? 0
    }
}
