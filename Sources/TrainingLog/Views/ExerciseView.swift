/// One exercise of the open workout, as the logger shows it.
public struct ExerciseView: Codable, Hashable, Sendable {
    /// The programme's slot, `day-1-exercise-2`.
    public let slotId: String
    public let position: Int
    /// The exercise performed (after a swap, the new one).
    public let exerciseId: String
    public let exerciseName: String
    /// The exercise the programme prescribed, when a swap replaced it; else nil.
    public let swappedFrom: String?
    public let prescribedSets: Int
    public let repRange: RepRange
    public let restSeconds: Int
    public let sets: [SetView]
    /// The live rep counter; nil without a baseline.
    public let repCounter: RepCounter?
    /// The suggested warm-up set; nil without a last working weight.
    public let warmUp: WarmUpSuggestion?
    public let submitted: Bool
    /// The title of the last submission's prompt.
    public let outcome: PromptOutcome?
    public let notes: String?
}
