import TrainingCalendar

/// A completed workout: what "Complete" shows and what the workout history lists.
public struct WorkoutSummary: Codable, Hashable, Sendable {
    public let id: String
    public let sessionId: String
    public let sessionName: String
    /// The day it started, on the user's wall clock.
    public let date: CalendarDate
    public let startedAt: String
    public let completedAt: String
    /// From the start to the last submission.
    public let durationSeconds: Int
    /// `52:10`, `1:05:00`.
    public let duration: String
    /// True when no earlier workout of this session was completed: "First time completing this
    /// workout!" instead of totals.
    public let firstTime: Bool
    /// Σ over the exercises of the reps gained against each one's baseline; nil the first time.
    public let increasedReps: Int?
    /// The same in weight × reps; nil the first time.
    public let increasedLoadKg: Double?
    /// The unit the weights are shown in.
    public let unit: WeightUnit
    /// The submitted exercises, in the session's order, each against its baseline.
    public let exercises: [ExerciseEntry]
}
