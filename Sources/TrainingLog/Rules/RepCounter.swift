/// The live rep counter (business rules §7): the extra reps against the baseline, the last
/// completed workout of the same session that logged the exercise.
///
/// Completed sets pair by set number; each adds its reps minus its counterpart's, and a set with
/// no completed counterpart adds all its reps. Without a baseline there is no counter at all
/// (nil, not 0). The app shows it as `+N` only while N > 0.
public struct RepCounter: Codable, Hashable, Sendable {
    /// Σ (reps now − reps then) over the completed sets so far; may be 0 or negative.
    public let value: Int
    /// `+N` while the value is positive, else nil: what the logger shows.
    public let shown: String?

    public init(value: Int) {
        self.value = value
        shown = value > 0 ? "+\(value)" : nil
    }

    /// The counter for `sets` against `baseline`'s sets; nil when there is no baseline.
    public init?(sets: [PerformedSet], baseline: [PerformedSet]?) {
        guard let baseline else { return nil }
        self.init(value: Self.pairedDifference(sets, baseline).reps)
    }

    /// The change on last time (business rules §8): Σ over the completed sets now minus Σ over the
    /// completed sets then, in reps and in weight × reps. The prompt states it, and a workout's
    /// totals are the sum of its exercises', so the two always agree.
    static func change(_ sets: [PerformedSet], _ baseline: [PerformedSet]) -> (reps: Int, volumeKg: Double) {
        let now = sets.filter(\.completed)
        let then = baseline.filter(\.completed)
        return (
            now.reduce(0) { $0 + $1.reps } - then.reduce(0) { $0 + $1.reps },
            now.reduce(0) { $0 + $1.volumeKg } - then.reduce(0) { $0 + $1.volumeKg }
        )
    }

    /// Σ over the completed sets of (now − then), pairing by set number, a set without a completed
    /// counterpart counting whole: the live counter while sets are still being logged.
    static func pairedDifference(_ sets: [PerformedSet], _ baseline: [PerformedSet]) -> (reps: Int, volumeKg: Double) {
        var then: [Int: PerformedSet] = [:]
        for set in baseline where set.completed { then[set.number] = set }
        var reps = 0
        var volume = 0.0
        for set in sets where set.completed {
            reps += set.reps - (then[set.number]?.reps ?? 0)
            volume += set.volumeKg - (then[set.number]?.volumeKg ?? 0)
        }
        return (reps, volume)
    }
}
