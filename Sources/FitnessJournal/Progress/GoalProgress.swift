import TrainingCalendar

/// Progress against the weekly goal: this week's workouts, and how many of the period's weeks
/// (up to this one) met the goal.
public struct GoalProgress: Codable, Hashable, Sendable {
    /// One Monday-to-Sunday week of the period.
    public struct Week: Codable, Hashable, Sendable {
        public var monday: CalendarDate
        public var workouts: Int
        public var met: Bool
    }

    /// Target workouts per week.
    public var goal: Int
    /// Workouts in the week holding today.
    public var thisWeek: Int
    /// Workouts still to do this week to meet the goal (0 once met).
    public var remaining: Int
    /// `thisWeek` as a share of the goal, 0-1 (1 once met).
    public var fraction: Double
    /// The weeks that overlap the period, up to this week, oldest first. A week cut by the
    /// period's start or end counts only its days inside the period.
    public var weeks: [Week]
    /// How many of `weeks` met the goal.
    public var weeksMet: Int

    /// `thisWeek` workouts this week, `weeks` the period's weekly counts (Monday → workouts).
    public init(goal: Int, thisWeek: Int, weeks: [(monday: CalendarDate, workouts: Int)]) {
        self.goal = goal
        self.thisWeek = thisWeek
        remaining = max(0, goal - thisWeek)
        fraction = goal > 0 ? min(1, Double(thisWeek) / Double(goal)) : 1
        fraction = (fraction * 100).rounded() / 100
        self.weeks = weeks.map { Week(monday: $0.monday, workouts: $0.workouts, met: $0.workouts >= goal) }
        weeksMet = self.weeks.count(where: \.met)
    }
}
