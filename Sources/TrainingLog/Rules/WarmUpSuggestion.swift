/// The suggested warm-up set (business rules §6): 10 reps at 50-70% of the last working
/// weight, shown as 60% rounded to the nearest 2.5 kg.
public struct WarmUpSuggestion: Codable, Hashable, Sendable {
    /// 60% of the last working weight, to the nearest 2.5 kg.
    public let weightKg: Double
    public let reps: Int
    /// 50% and 70% of the last working weight: the range the suggestion stands for.
    public let lowKg: Double
    public let highKg: Double
    /// `Suggested warm-up set: 37.5 kg (50-70%) · 10 reps`, in the user's unit.
    public let text: String

    /// The suggestion after a working weight of `lastWorkingWeightKg`, shown in `unit`; nil
    /// without one, or when 60% of it rounds to nothing (a bodyweight or very light exercise).
    public init?(lastWorkingWeightKg: Double?, unit: WeightUnit) {
        guard let last = lastWorkingWeightKg, last > 0 else { return nil }
        let weight = (last * 0.6 / 2.5).rounded() * 2.5
        guard weight > 0 else { return nil }
        weightKg = weight
        reps = 10
        lowKg = last * 0.5
        highKg = last * 0.7
        text = "Suggested warm-up set: \(unit.text(weight)) (50-70%) · 10 reps"
    }
}
