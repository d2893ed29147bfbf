import TrainingCalendar

/// The dashboard's week: the seven days, what was scheduled and done, and what is next.
public struct WeekView: Codable, Hashable, Sendable {
    /// One day of the weekly calendar.
    public struct Day: Codable, Hashable, Sendable {
        public let date: CalendarDate
        public let weekday: Weekday
        public let isToday: Bool
        /// The programme's sessions on this weekday.
        public let scheduled: [String]
        /// The workouts completed this day (by start), by session name.
        public let completed: [String]
    }

    /// A session of the programme.
    public struct Session: Codable, Hashable, Sendable {
        public let id: String
        public let dayName: String
        public let weekday: Weekday
    }

    public let today: CalendarDate
    public let monday: CalendarDate
    public let sunday: CalendarDate
    /// `Week 3 of 8`, `Starts on 2026-01-05`, `Finished: 8 weeks`.
    public let label: String
    /// 1 … totalWeeks while the programme runs; nil before and after.
    public let weekNumber: Int?
    public let totalWeeks: Int
    /// True after the last week.
    public let finished: Bool
    /// The programme's sessions completed this week (each counted once).
    public let completedSessions: Int
    public let scheduledSessions: Int
    /// `2/3 complete`.
    public let progress: String
    /// The first session of the week's order not yet completed; nil when all are, or after the
    /// programme.
    public let nextWorkout: Session?
    /// The open workout's session, if one is open.
    public let openWorkout: String?
    public let days: [Day]
}

/// The streak badge (business rules §10).
public struct StreakView: Codable, Hashable, Sendable {
    public let today: CalendarDate
    /// Days in a row with a completed workout, ending today or yesterday.
    public let current: Int
    public let longest: Int
    /// The last day with a completed workout.
    public let lastWorkoutDate: CalendarDate?
}
