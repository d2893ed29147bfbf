/// One training day of the week.
public struct ProgrammeSession: Codable, Hashable, Sendable {
    /// `day-1`, `day-2`, … in week order.
    public var id: String
    /// `Push A`, `Full Body B`, `Legs`.
    public var dayName: String
    /// Σ sets × (40 s + rest) + 1.5 min per exercise + 5 min warm-up, rounded to the minute;
    /// 0 for a session with no exercise.
    public var estimatedMinutes: Int
    /// Compounds first, then isolation.
    public var exercises: [ProgrammeExercise]
    /// The planned slots nothing could fill, each with the reason.
    public var emptySlots: [EmptySlot]

    public init(
        id: String, dayName: String, estimatedMinutes: Int, exercises: [ProgrammeExercise], emptySlots: [EmptySlot]
    ) {
        self.id = id
        self.dayName = dayName
        self.estimatedMinutes = estimatedMinutes
        self.exercises = exercises
        self.emptySlots = emptySlots
    }
}
