/// The defaults of business rules §2-4 that a caller may change.
public struct GeneratorOptions: Hashable, Sendable {
    /// Keep contraindicated exercises with a warning (default) or never pick them.
    public var injuryPolicy: InjuryPolicy
    /// No muscle gets more sets than this in one session (sets count by primary muscle).
    public var maximumSetsPerMusclePerSession: Int
    /// No muscle gets more sets than this in one week.
    public var maximumSetsPerMusclePerWeek: Int
    /// How many sessions of the week give a priority muscle an extra isolation slot.
    public var priorityIsolationSessionsPerWeek: Int
    /// The programme's length.
    public var totalWeeks: Int

    public init(
        injuryPolicy: InjuryPolicy = .warn, maximumSetsPerMusclePerSession: Int = 10,
        maximumSetsPerMusclePerWeek: Int = 20, priorityIsolationSessionsPerWeek: Int = 2, totalWeeks: Int = 8
    ) {
        self.injuryPolicy = injuryPolicy
        self.maximumSetsPerMusclePerSession = maximumSetsPerMusclePerSession
        self.maximumSetsPerMusclePerWeek = maximumSetsPerMusclePerWeek
        self.priorityIsolationSessionsPerWeek = priorityIsolationSessionsPerWeek
        self.totalWeeks = totalWeeks
    }
}
