/// The questionnaire's answers as the app stores them (`000_*` §11.1), before any check: the
/// input of `TrainingProfile(_:catalog:)`.
///
/// A nil field was not answered. Names of catalogue entries (muscles, equipment, joints) are
/// slugs (`lower_back`) or exact catalogue names (`Lower Back`).
public struct Questionnaire: Hashable, Sendable {
    /// `get_stronger`, `build_muscle` or `tone_up`.
    public var primaryGoal: String?
    /// 0 to 3 of the catalogue's muscle groups: the priority muscles.
    public var targetMuscleGroups: [String]
    /// `0_months`, `0_6_months`, `6_months_2_years` or `2_plus_years`.
    public var experienceLevel: String?
    /// Equipment categories. Empty: item-less bodyweight exercises only.
    public var equipmentAvailable: [String]
    /// Category → the items ticked under it. A listed category with no entry has all its items.
    public var detailedEquipment: [String: [String]]
    /// Joints from the contraindications; empty when the user has no injury.
    public var injuries: [String]
    /// 2 to 6.
    public var trainingDaysPerWeek: Int?
    /// `30-45 min`, `45-60 min` or `60-90 min`.
    public var sessionDuration: String?
    /// Why the user came (`structure`, `guidance`, …, `other`); nil when not asked.
    public var motivations: [String]?
    /// The user's words for the `other` motivation.
    public var motivationOther: String?
    /// `male`, `female` or `other`.
    public var gender: String?
    /// `YYYY-MM-DD` (or a moment whose date is the answer).
    public var dateOfBirth: String?
    /// The height in the unit of `heightUnit` (`cm` or `ftIn`).
    public var heightCm: Double?
    public var heightFt: Int?
    public var heightIn: Int?
    public var heightUnit: String?
    /// The weight in the unit of `weightUnit` (`kg` or `lbs`).
    public var weightKg: Double?
    public var weightLbs: Double?
    public var weightUnit: String?

    public init(
        primaryGoal: String? = nil, targetMuscleGroups: [String] = [], experienceLevel: String? = nil,
        equipmentAvailable: [String] = [], detailedEquipment: [String: [String]] = [:], injuries: [String] = [],
        trainingDaysPerWeek: Int? = nil, sessionDuration: String? = nil
    ) {
        self.primaryGoal = primaryGoal
        self.targetMuscleGroups = targetMuscleGroups
        self.experienceLevel = experienceLevel
        self.equipmentAvailable = equipmentAvailable
        self.detailedEquipment = detailedEquipment
        self.injuries = injuries
        self.trainingDaysPerWeek = trainingDaysPerWeek
        self.sessionDuration = sessionDuration
    }
}
