/// The exercise type logged most often in a period.
///
/// Ties are broken the same way every time: more workouts first, then more minutes, then the
/// app's order of types (running, cycling, strength, yoga, other).
public struct MostFrequentType: Codable, Hashable, Sendable {
    public var type: ExerciseType
    public var workouts: Int
    public var minutes: Int

    public init(type: ExerciseType, workouts: Int, minutes: Int) {
        self.type = type
        self.workouts = workouts
        self.minutes = minutes
    }

    /// The most frequent type of `workouts`; nil when there are none.
    public static func of(_ workouts: some Sequence<(type: ExerciseType, minutes: Int)>) -> MostFrequentType? {
        var tallies = ExerciseType.allCases.map { MostFrequentType(type: $0, workouts: 0, minutes: 0) }
        for workout in workouts {
            let index = ExerciseType.allCases.firstIndex(of: workout.type) ?? 0
            tallies[index].workouts += 1
            tallies[index].minutes += workout.minutes
        }
        return best(of: tallies)
    }

    /// The most frequent of per-type `tallies` (any order, at most one per type); nil when none
    /// has a workout.
    public static func best(of tallies: some Sequence<MostFrequentType>) -> MostFrequentType? {
        let order = ExerciseType.allCases
        var best: MostFrequentType?
        for tally in tallies.sorted(by: { order.firstIndex(of: $0.type) ?? 0 < order.firstIndex(of: $1.type) ?? 0 })
        where tally.workouts > 0 {
            guard let current = best else {
                best = tally
                continue
            }
            if (tally.workouts, tally.minutes) > (current.workouts, current.minutes) { best = tally }
        }
        return best
    }
}
