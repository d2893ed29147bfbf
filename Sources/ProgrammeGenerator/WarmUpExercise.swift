/// One exercise of a session's warm-up (business rules §3b).
public struct WarmUpExercise: Codable, Hashable, Sendable {
    /// The catalogue exercise's id (a library-only mobility, stretch or cardio exercise).
    public var exerciseId: String
    public var exerciseName: String
    public var minutes: Int

    public init(exerciseId: String, exerciseName: String, minutes: Int) {
        self.exerciseId = exerciseId
        self.exerciseName = exerciseName
        self.minutes = minutes
    }
}
