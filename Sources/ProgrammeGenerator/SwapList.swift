/// An exercise as a slot prescribes it, and the exercises that may replace it.
public struct SwapList: Codable, Hashable, Sendable {
    public var exercise: ProgrammeExercise
    /// Best first; each keeps the slot's id and prescription.
    public var alternatives: [ProgrammeExercise]

    public init(exercise: ProgrammeExercise, alternatives: [ProgrammeExercise]) {
        self.exercise = exercise
        self.alternatives = alternatives
    }
}
