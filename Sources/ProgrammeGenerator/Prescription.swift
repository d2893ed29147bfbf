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

    /// The rules' prescription (business rules §3): sets by experience (one more when the
    /// exercise's primary muscle is a priority), reps by goal, role and the exercise's `load`,
    /// rest by role (at least 150 s for a compound of 6 reps or fewer).
    public init(
        goal: Goal, experience: ExperienceLevel, role: ExerciseRole, isPriority: Bool, load: LoadProfile = LoadProfile()
    ) {
        self.init(
            sets: experience.sets(isIsolation: role == .accessory) + (isPriority ? 1 : 0),
            repRange: goal.repRange(role: role, load: load),
            restSeconds: goal.restSeconds(role: role, load: load))
    }

    /// Seconds the exercise takes: each set 40 s of work plus the rest, plus 90 s to set up
    /// and move on.
    public var seconds: Int {
        Self.seconds(sets: sets, restSeconds: restSeconds)
    }

    static func seconds(sets: Int, restSeconds: Int) -> Int {
        sets * (40 + restSeconds) + 90
    }

    /// The most reps the range asks for: 12 for `8-12`.
    var maximumReps: Int {
        Self.maximumReps(of: repRange)
    }

    /// The most reps `repRange` asks for: 12 for `8-12`.
    static func maximumReps(of repRange: String) -> Int {
        Int(repRange.split(separator: "-").last ?? "") ?? 0
    }
}
