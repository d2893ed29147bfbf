import TrainingCalendar

/// The progress screen's time periods.
public enum ProgressPeriod: String, CaseIterable, Codable, Hashable, Sendable {
    /// The Monday-to-Sunday week holding today.
    case week
    /// The calendar month holding today.
    case month
    /// From the first day with a workout or a check-in to today.
    case all

    /// `Week`, `Month`, `All Time`.
    public var name: String {
        switch self {
        case .week: "Week"
        case .month: "Month"
        case .all: "All Time"
        }
    }

    /// The days the period covers as of `today`: the whole week or month (days after today have
    /// nothing yet); for all time, `firstDay` (or today when there is none) to today.
    public func days(today: CalendarDate, firstDay: CalendarDate?) -> ClosedRange<CalendarDate> {
        switch self {
        case .week:
            let week = TrainingWeek(containing: today)
            return week.monday...week.sunday
        case .month:
            let first = today.adding(days: 1 - today.day)
            let next = first.adding(days: 31).adding(days: 1 - first.adding(days: 31).day)
            return first...next.adding(days: -1)
        case .all:
            let start = min(firstDay ?? today, today)
            return start...today
        }
    }
}
