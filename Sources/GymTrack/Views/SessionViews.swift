import TrainingCalendar

/// A logged session as the Main Screen names it: `Last session: B on 2026-01-06`.
public struct SessionSummary: Codable, Hashable, Sendable {
    public let type: SessionType
    public let date: CalendarDate
    public let isPartial: Bool

    public init(type: SessionType, date: CalendarDate, isPartial: Bool) {
        self.type = type
        self.date = date
        self.isPartial = isPartial
    }
}

/// The Main Screen's buttons (seed 002 §3.2, §7): the highlighted next workout.
public struct NextSession: Codable, Hashable, Sendable {
    public let today: CalendarDate
    /// The type to highlight.
    public let next: SessionType
    /// `Day B — Cardio + Core`.
    public let name: String
    /// The confirmation's body: what the session is for.
    public let focus: String
    /// The most recent session the rotation followed; nil when none is logged.
    public let lastSession: SessionSummary?
    /// The type of the workout started and not finished, if any.
    public let openSession: SessionType?
}

/// The Exercise Screen (seed 002 §4): the open workout's steps and what is checked.
public struct OpenSessionView: Codable, Hashable, Sendable {
    /// One step card.
    public struct Step: Codable, Hashable, Sendable {
        /// 1 for the first step.
        public let number: Int
        public let title: String
        public let sets: String?
        public let amount: String
        public let timerSeconds: Int?
        public let notes: String?
        public let detail: [String]?
        public let exerciseIds: [String]
        public let isDailyChallenge: Bool
        public let checked: Bool
    }

    public let type: SessionType
    public let name: String
    public let date: CalendarDate
    /// UTC, `2026-01-05T07:00:00Z`.
    public let startedAt: String
    /// The header's elapsed time.
    public let elapsedSeconds: Int
    public let checkedSteps: Int
    public let totalSteps: Int
    /// True when finishing now would ask "Log as partial session?".
    public let finishingIsPartial: Bool
    /// Today's challenge sets (the challenge step adds one).
    public let challengeSets: Int
    public let steps: [Step]
}

/// What "Finish workout" logged (seed 002 §4.4).
public struct FinishedSession: Codable, Hashable, Sendable {
    /// The session's row id: a lowercase UUID.
    public let id: String
    public let type: SessionType
    public let name: String
    public let date: CalendarDate
    public let startedAt: String
    public let durationSeconds: Int
    public let isPartial: Bool
    public let checkedSteps: Int
    public let totalSteps: Int
    /// The gym streak after logging (partial sessions do not count).
    public let gymStreak: Streak
    /// The workout the rotation offers next.
    public let next: SessionType
}
