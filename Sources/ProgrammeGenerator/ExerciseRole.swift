/// What an exercise is to its session (business rules §3): the role decides its rest, and which
/// sets give way first when time is short.
public enum ExerciseRole: String, CaseIterable, Codable, Hashable, Sendable {
    /// One of the session's first two compound exercises: the long rest.
    case main
    /// Any other compound exercise.
    case secondary
    /// An isolation exercise.
    case accessory

    /// The fewest sets time fitting may leave the role with (business rules §3).
    var minimumSets: Int {
        self == .accessory ? 2 : 3
    }
}
