/// The open workout, as the workout overview and the logger show it.
public struct WorkoutView: Codable, Hashable, Sendable {
    public let id: String
    public let sessionId: String
    public let sessionName: String
    public let startedAt: String
    /// Seconds since the start, on the log's clock.
    public let elapsedSeconds: Int
    public let unit: WeightUnit
    public let exercises: [ExerciseView]
    /// The rest timer, while it runs.
    public let restTimer: RestTimer?
}
