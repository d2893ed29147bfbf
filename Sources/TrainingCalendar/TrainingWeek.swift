import Foundation

/// A training week: Monday 00:00 to Sunday 24:00 (the next Monday 00:00) on the user's wall
/// clock.
///
/// The week itself is seven calendar dates, so it never depends on a time zone; only the
/// moments that bound it do (`start(in:)`, `end(in:)`). A week that holds a daylight-saving
/// change is 167 or 169 hours long, and a week may start in one year and end in the next.
public struct TrainingWeek: Hashable, Comparable, Sendable {
    /// The week's first day.
    public let monday: CalendarDate

    /// The week holding `date`.
    public init(containing date: CalendarDate) {
        monday = date.mondayOfWeek
    }

    /// The week holding `moment` on a wall clock in `timeZone`.
    public init(containing moment: Date, in timeZone: TimeZone) {
        self.init(containing: CalendarDate(moment, in: timeZone))
    }

    /// Monday to Sunday.
    public var days: [CalendarDate] {
        (0..<7).map { monday.adding(days: $0) }
    }

    /// The week's last day.
    public var sunday: CalendarDate {
        monday.adding(days: 6)
    }

    /// Monday 00:00 in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        monday.start(in: timeZone)
    }

    /// Sunday 24:00 in `timeZone`, which is the next week's start: the week holds the moments
    /// from `start(in:)` up to but not including this one.
    public func end(in timeZone: TimeZone) -> Date {
        monday.adding(days: 7).start(in: timeZone)
    }

    /// True when `moment` falls in the week on a wall clock in `timeZone`.
    public func contains(_ moment: Date, in timeZone: TimeZone) -> Bool {
        moment >= start(in: timeZone) && moment < end(in: timeZone)
    }

    /// True when `date` is one of the week's days.
    public func contains(_ date: CalendarDate) -> Bool {
        date.mondayOfWeek == monday
    }

    /// The week `weeks` weeks later (earlier when negative).
    public func adding(weeks: Int) -> TrainingWeek {
        TrainingWeek(containing: monday.adding(days: 7 * weeks))
    }

    /// Whole weeks from `other` to this week (positive when this is later).
    public func weeks(since other: TrainingWeek) -> Int {
        monday.days(since: other.monday) / 7
    }

    public static func < (lhs: TrainingWeek, rhs: TrainingWeek) -> Bool {
        lhs.monday < rhs.monday
    }
}
