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

/// What about an exercise, besides its role, sets its reps and rest (business rules §3).
public struct LoadProfile: Hashable, Sendable {
    /// An unloaded bodyweight exercise at complexity 1: never the strength range.
    public var isUnloadedAndSimple: Bool
    /// A specialist move (tier 3): explosive work, kept at 4-6 for a strength goal.
    public var isSpecialist: Bool
    /// Never below 6 reps: lunges and hip extension (a single-leg or hip-thrust set of 4 is
    /// not a strength test), Romanian and stiff-legged deadlifts.
    public var neverBelowSixReps: Bool
    /// The floor deadlift family: never above 8 reps (6-8 outside strength work).
    public var isFloorPull: Bool
    /// An eccentric-only (negative) variation: 3-5 reps, whatever the goal.
    public var isEccentricOnly: Bool

    public init(
        isUnloadedAndSimple: Bool = false, isSpecialist: Bool = false, neverBelowSixReps: Bool = false,
        isFloorPull: Bool = false, isEccentricOnly: Bool = false
    ) {
        self.isUnloadedAndSimple = isUnloadedAndSimple
        self.isSpecialist = isSpecialist
        self.neverBelowSixReps = neverBelowSixReps
        self.isFloorPull = isFloorPull
        self.isEccentricOnly = isEccentricOnly
    }
}
