/// What a slot prescribes: sets, reps and rest. A swap keeps it.
public struct Prescription: Codable, Hashable, Sendable {
    public var sets: Int
    public var repRange: String
    public var restSeconds: Int

    public init(sets: Int, repRange: String, restSeconds: Int) {
        self.sets = sets
        self.repRange = repRange
        self.restSeconds = restSeconds
    }

    /// The rules' prescription (business rules §3) for an exercise: sets by experience, reps
    /// and rest by goal, one extra set when its primary muscle is a priority.
    public init(goal: Goal, experience: ExperienceLevel, isIsolation: Bool, isPriority: Bool) {
        self.init(
            sets: experience.sets(isIsolation: isIsolation) + (isPriority ? 1 : 0),
            repRange: goal.repRange(isIsolation: isIsolation), restSeconds: goal.restSeconds(isIsolation: isIsolation))
    }

    /// Seconds the exercise takes: each set 40 s of work plus the rest, plus 90 s to set up
    /// and move on.
    public var seconds: Int {
        sets * (40 + restSeconds) + 90
    }
}
