/// A logged set as the logger and the history show it.
public struct SetView: Codable, Hashable, Sendable {
    public let number: Int
    public let reps: Int
    public let weightKg: Double
    /// The weight in the user's unit: `60 kg`, `132.3 lbs`.
    public let weight: String
    public let completed: Bool
    /// In a history: `+N` when the set beat the same set last time (more reps at the same load or
    /// heavier); else nil.
    public let gain: String?

    init(_ set: PerformedSet, unit: WeightUnit, gain: String? = nil) {
        number = set.number
        reps = set.reps
        weightKg = set.weightKg
        weight = unit.text(set.weightKg)
        completed = set.completed
        self.gain = gain
    }

    /// `Set 1: 60 kg × 8`.
    var line: String {
        "Set \(number): \(weight) × \(reps)"
    }
}
