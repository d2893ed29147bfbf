import TrainingCalendar

/// One exercise of one completed workout: a card of the workout history and of the exercise
/// history.
public struct ExerciseEntry: Codable, Hashable, Sendable {
    public let workoutId: String
    /// The day the workout started, on the user's wall clock.
    public let date: CalendarDate
    public let sessionName: String
    public let exerciseId: String
    public let exerciseName: String
    /// The completed sets, by set number.
    public let sets: [SetView]
    public let totalReps: Int
    /// Σ weight × reps.
    public let volumeKg: Double
    /// The rosette: more reps than the compared entry, else more volume.
    public let progressed: Bool
    /// Records this entry set against every earlier one: `best_set` (weight × reps),
    /// `heaviest` (weight), `volume`.
    public let records: [String]
}
