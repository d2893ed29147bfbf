import TrainingCalendar

/// Everything the user logged of one exercise (`001_*` §16).
public struct ExerciseHistory: Codable, Hashable, Sendable {
    /// One point of the progress graph.
    public struct VolumePoint: Codable, Hashable, Sendable {
        public let date: CalendarDate
        public let volumeKg: Double
    }

    public let exerciseId: String
    public let exerciseName: String
    /// True when the catalogue no longer offers it in programmes (or no longer has it).
    public let retired: Bool
    /// The set with the largest weight × reps ever (heavier, then more reps, then earlier on a tie).
    public let bestSet: SetView?
    /// The weight of the first set ever logged.
    public let startWeightKg: Double?
    public let startWeight: String?
    /// The unit the weights are shown in.
    public let unit: WeightUnit
    /// Volume per workout, oldest first: the progress graph.
    public let volumes: [VolumePoint]
    /// One card per workout, newest first, each compared with the one before it.
    public let entries: [ExerciseEntry]
}
