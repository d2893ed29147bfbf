import UserInput

/// A set as the user enters it: reps, and a weight in their unit.
public struct SetEntry: Hashable, Sendable {
    public var reps: Int
    public var weight: Double
    public var unit: WeightUnit

    public init(reps: Int, weight: Double, unit: WeightUnit) {
        self.reps = reps
        self.weight = weight
        self.unit = unit
    }

    /// The reps allowed in a set (business rules §6).
    public static let repsRange = 1...100
    /// The kilograms allowed in a set; 0 for bodyweight.
    public static let kilogramsRange = 0.0...500.0

    /// The weight in kilograms, checked with the reps against §6's ranges before anything is
    /// written. Throws `set.invalid` ("Please enter valid weight and reps") otherwise.
    public func checkedKilograms() throws(TrainingLogError) -> Double {
        guard Self.repsRange.contains(reps) else {
            throw TrainingLogError(
                .invalidSet, "Please enter valid weight and reps: reps \(reps) is outside 1 to 100")
        }
        // Kept to the gram (business rules §6).
        let kilograms = (unit.kilograms(weight) * 1000).rounded() / 1000
        guard weight.isFinite, Self.kilogramsRange.contains(kilograms) else {
            let most = WeightUnit.number(unit == .kg ? 500 : 500 * WeightUnit.poundsPerKilogram)
            // As given, never rounded into the range it is outside of (500.001, not 500).
            let given = UserInput.shown(weight)
            throw TrainingLogError(
                .invalidSet,
                "Please enter valid weight and reps: weight \(given) \(unit.rawValue) is outside "
                    + "0 to \(most) \(unit.rawValue)")
        }
        return kilograms
    }
}
