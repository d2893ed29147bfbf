/// What the generator does with an exercise that may aggravate a recorded injury (business
/// rules §4).
public enum InjuryPolicy: String, CaseIterable, Codable, Hashable, Sendable {
    /// Keep it and attach a warning naming the joint (the MVP rule, `003_*` Task 4).
    case warn
    /// Never pick it: refill the slot from the same movement pattern or leave it empty
    /// (`003_*` Task 3).
    case exclude
}
