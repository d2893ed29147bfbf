/// Whether a session still fits its duration with one more exercise (business rules §3), worked
/// out once per slot: an added exercise takes the next role (a compound is a main lift while the
/// session has fewer than two), and the roles before it do not change.
///
/// Until the session reaches its duration's lower exercise count, sets may come down to make
/// room (every exercise at the fewest sets time fitting may leave it); past it, an exercise is
/// added only when every exercise keeps its sets: a coach adds a seventh exercise to a 60-90
/// minute session, not at the cost of the others' sets.
struct TimeBudget {
    private let goal: Goal
    private let compounds: Int
    /// The session's seconds so far, at the fewest sets (under the lower count) or the table's.
    private let spent: Int
    private let belowLowerCount: Bool
    private let limit: Int
    /// Time kept for the exercises the session still needs after this one to reach its lower
    /// count, each at the least an exercise takes (an accessory at its fewest sets).
    private let reserve: Int

    init(profile: TrainingProfile, picks: [WeekPlanner.Pick]) {
        goal = profile.goal
        compounds = picks.count { $0.isCompound }
        let timer = SessionTimer(goal: profile.goal, picks: picks)
        let lowerCount = profile.sessionDuration.exerciseCount.lowerBound
        belowLowerCount = picks.count < lowerCount
        spent = belowLowerCount ? timer.minimumSeconds : timer.tableSeconds
        limit = profile.sessionDuration.maximumSeconds
        reserve = max(0, lowerCount - picks.count - 1)
            * Prescription.seconds(
                sets: ExerciseRole.accessory.minimumSets,
                restSeconds: profile.goal.restSeconds(role: .accessory, load: LoadProfile()))
    }

    /// Whether an exercise of this kind and load, with these sets, still fits, leaving the
    /// session room to reach its lower count.
    func fits(isCompound: Bool, load: LoadProfile, sets: Int) -> Bool {
        let role: ExerciseRole = !isCompound ? .accessory : compounds < 2 ? .main : .secondary
        let counted = belowLowerCount ? min(sets, role.minimumSets) : sets
        return spent + Prescription.seconds(sets: counted, restSeconds: goal.restSeconds(role: role, load: load))
            + reserve <= limit
    }
}
