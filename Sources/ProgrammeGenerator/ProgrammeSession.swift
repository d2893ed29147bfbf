import TrainingCalendar

/// One training day of the week.
public struct ProgrammeSession: Codable, Hashable, Sendable {
    /// `day-1`, `day-2`, … in week order.
    public var id: String
    /// `Push A`, `Full Body B`, `Legs`.
    public var dayName: String
    /// The day of the week it falls on (business rules §3a).
    public var weekday: Weekday
    /// Σ sets × (40 s + rest) + 1.5 min per exercise + 5 min warm-up, rounded to the minute;
    /// 0 for a session with no exercise.
    public var estimatedMinutes: Int
    /// About five minutes of mobility, stretch and cardio before the first exercise.
    public var warmUp: [WarmUpExercise]
    /// Compounds first, then isolation.
    public var exercises: [ProgrammeExercise]
    /// The slots left empty that the user should know about, each with the reason.
    public var emptySlots: [EmptySlot]

    public init(
        id: String, dayName: String, weekday: Weekday, estimatedMinutes: Int, warmUp: [WarmUpExercise],
        exercises: [ProgrammeExercise], emptySlots: [EmptySlot]
    ) {
        self.id = id
        self.dayName = dayName
        self.weekday = weekday
        self.estimatedMinutes = estimatedMinutes
        self.warmUp = warmUp
        self.exercises = exercises
        self.emptySlots = emptySlots
    }
}
