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
    /// clock set back) do not count.
    public init(days: some Sequence<CalendarDate>, today: CalendarDate) {
        let numbers = Set(days.lazy.map(\.dayNumber).filter { $0 <= today.dayNumber })
        var end = today.dayNumber
        if !numbers.contains(end) { end -= 1 }
        var current = 0
        while numbers.contains(end - current) { current += 1 }

        var longest = 0
        var run = 0
        var previous: Int?
        for number in numbers.sorted() {
            run = previous == number - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = number
        }
        self.init(current: current, longest: longest)
    }
}
