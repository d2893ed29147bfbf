/// The weeks of a programme: week 1 is the Monday-to-Sunday week holding the start date, and
/// the programme runs for `totalWeeks` weeks ("Week 3 of 8").
public struct ProgrammeCalendar: Hashable, Sendable {
    /// Where a date falls in the programme.
    public enum Position: Hashable, Sendable {
        /// Before week 1.
        case notStarted
        /// Week `number` of `totalWeeks` (1-based).
        case week(Int)
        /// After the last week.
        case finished
    }

    public let startDate: CalendarDate
    public let totalWeeks: Int

    public init(startDate: CalendarDate, totalWeeks: Int) {
        self.startDate = startDate
        self.totalWeeks = totalWeeks
    }

    /// The programme's first week.
    public var firstWeek: TrainingWeek {
        TrainingWeek(containing: startDate)
    }

    /// The programme's last week.
    public var lastWeek: TrainingWeek {
        firstWeek.adding(weeks: max(totalWeeks, 1) - 1)
    }

    /// The week number of `date`'s week: 1 for the week holding the start date, 0 for the week
    /// before it, `totalWeeks + 1` for the week after the last.
    public func weekNumber(of date: CalendarDate) -> Int {
        TrainingWeek(containing: date).weeks(since: firstWeek) + 1
    }

    /// Where `date` falls: before, in a week of, or after the programme.
    public func position(of date: CalendarDate) -> Position {
        let number = weekNumber(of: date)
        if number < 1 { return .notStarted }
        if number > totalWeeks { return .finished }
        return .week(number)
    }

    /// `Week 3 of 8`, `Starts on 2026-01-05`, `Finished: 8 weeks`.
    public func label(for date: CalendarDate) -> String {
        switch position(of: date) {
        case .notStarted: "Starts on \(startDate)"
        case .week(let number): "Week \(number) of \(totalWeeks)"
        case .finished: "Finished: \(totalWeeks) weeks"
        }
    }
}
