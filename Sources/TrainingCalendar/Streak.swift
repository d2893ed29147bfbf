/// A run of consecutive calendar days, each with at least one qualifying event (business rules
/// §10): trAIn's completed workouts, GymTrack's days with all three challenge sets, a journal's
/// days with an entry. The one streak function every app uses.
///
/// Days are dates on the user's wall clock: turn each event's moment into a `CalendarDate` in
/// the user's time zone before counting.
public struct Streak: Codable, Hashable, Sendable {
    /// Consecutive days ending today, or ending yesterday when today has no event yet; 0 when
    /// neither has one.
    public let current: Int
    /// The longest run of consecutive days up to today; never shorter than `current`.
    public let longest: Int

    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }

    /// The streaks of `days` (any order, repeats allowed) as of `today`. Days after today (a
    /// clock set back) do not count. Inlinable, so that each caller's sequence gets a specialised
    /// copy: a generic one costs milliseconds over ten years of days. Sorted day numbers rather
    /// than a set: the stores hand their days over in order, which sorts in one pass.
    @inlinable
    public init(days: some Sequence<CalendarDate>, today: CalendarDate) {
        let todayNumber = today.dayNumber
        var numbers: [Int] = []
        numbers.reserveCapacity(days.underestimatedCount)
        for day in days {
            let number = day.dayNumber
            if number <= todayNumber { numbers.append(number) }
        }
        numbers.sort()
        var longest = 0
        var run = 0
        var previous: Int?
        for number in numbers where number != previous {
            run = previous == number - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = number
        }
        // The last run ends on the latest day: the current streak when that is today or yesterday.
        let current = previous.map { $0 >= todayNumber - 1 } == true ? run : 0
        self.init(current: current, longest: longest)
    }
}
