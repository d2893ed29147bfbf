import Charts
import TrainingCalendar

/// The progress chart: workouts per day as bars, minutes per day as a line.
extension ProgressReport {
    /// Up to this many days the chart has a bar per day; a longer period has a bar per week (its
    /// Monday's date), and over two years a bar per month.
    public static let dailyBarsUpTo = 62
    public static let weeklyBarsUpTo = 104

    /// The chart's bars: per day, week or month as the period's length asks.
    public var chartPoints: [BarLineChart.Point] {
        if days.count <= Self.dailyBarsUpTo {
            return days.map { day in
                BarLineChart.Point(
                    label: period == .week ? day.date.weekday.shortName : String(day.date.day),
                    bar: Double(day.workouts), line: Double(day.minutes),
                    detail: "\(day.date): \(Self.count(day.workouts, "workout")), \(day.minutes) min")
            }
        }
        let weekly = (days.count + 6) / 7 <= Self.weeklyBarsUpTo
        var groups: [(key: CalendarDate, workouts: Int, minutes: Int)] = []
        for day in days {
            let key = weekly ? day.date.mondayOfWeek : day.date.adding(days: 1 - day.date.day)
            if groups.last?.key == key {
                groups[groups.count - 1].workouts += day.workouts
                groups[groups.count - 1].minutes += day.minutes
            } else {
                groups.append((key, day.workouts, day.minutes))
            }
        }
        return groups.map { group in
            let label = weekly ? group.key.description : String(group.key.description.prefix(7))
            return BarLineChart.Point(
                label: label, bar: Double(group.workouts), line: Double(group.minutes),
                detail: "\(weekly ? "week of " : "")\(label): \(Self.count(group.workouts, "workout")), "
                    + "\(group.minutes) min")
        }
    }

    /// The chart as an SVG picture.
    public var chart: BarLineChart {
        let unit =
            days.count <= Self.dailyBarsUpTo ? "day" : (days.count + 6) / 7 <= Self.weeklyBarsUpTo ? "week" : "month"
        return BarLineChart(
            title: "\(period.name): workouts and minutes per \(unit), \(firstDay) to \(lastDay)",
            barName: "Workouts", lineName: "Minutes", points: chartPoints, emptyMessage: "No workouts yet")
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
