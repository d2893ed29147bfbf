/// A set's figures, as the rules read them: its number in the exercise, reps, kilograms and
/// whether the user ticked it complete.
public struct PerformedSet: Codable, Hashable, Sendable {
    public var number: Int
    public var reps: Int
    public var weightKg: Double
    public var completed: Bool

    public init(number: Int, reps: Int, weightKg: Double, completed: Bool = true) {
        self.number = number
        self.reps = reps
        self.weightKg = weightKg
        self.completed = completed
    }

    /// Weight × reps.
    public var volumeKg: Double {
        weightKg * Double(reps)
    }

    /// `kilograms` in tenths of a kilogram, the precision volumes and loads are compared at
    /// (business rules §6): the same work is never progress because of a float's last digit
    /// (1285.2000000000003 against 1285.2).
    public static func tenths(_ kilograms: Double) -> Int {
        Int((kilograms * 10).rounded())
    }
}

extension Sequence<PerformedSet> {
    /// The completed sets, by set number.
    var completedByNumber: [PerformedSet] {
        filter(\.completed).sorted { $0.number < $1.number }
    }
}
