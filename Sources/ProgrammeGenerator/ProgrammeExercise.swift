import Catalog

/// An exercise in a session, with its prescription.
public struct ProgrammeExercise: Codable, Hashable, Sendable {
    /// The slot's id, `day-1-exercise-2`: a swap keeps it.
    public var id: String
    /// The catalogue exercise's id.
    public var exerciseId: String
    /// The display name, as the library and the logger show it.
    public var exerciseName: String
    /// The swap group.
    public var canonicalName: String
    public var sets: Int
    /// `8-12`.
    public var repRange: String
    public var restSeconds: Int
    public var primaryMuscle: String
    public var equipmentCategory: String
    public var equipmentItem: String?
    public var isIsolation: Bool
    /// One per recorded injury the exercise may aggravate, by joint.
    public var warnings: [InjuryWarning]
    /// One per recorded injury the exercise is allowed for only with a cue, by joint.
    public var cues: [InjuryCue]

    public init(
        id: String, exerciseId: String, exerciseName: String, canonicalName: String, sets: Int, repRange: String,
        restSeconds: Int, primaryMuscle: String, equipmentCategory: String, equipmentItem: String?,
        isIsolation: Bool, warnings: [InjuryWarning], cues: [InjuryCue] = []
    ) {
        self.id = id
        self.exerciseId = exerciseId
        self.exerciseName = exerciseName
        self.canonicalName = canonicalName
        self.sets = sets
        self.repRange = repRange
        self.restSeconds = restSeconds
        self.primaryMuscle = primaryMuscle
        self.equipmentCategory = equipmentCategory
        self.equipmentItem = equipmentItem
        self.isIsolation = isIsolation
        self.warnings = warnings
        self.cues = cues
    }

    /// `exercise` in the slot `id` with this prescription, and the warnings and cues of the
    /// recorded injuries it may load.
    init(id: String, exercise: Exercise, prescription: Prescription, risks: [JointRisk]) {
        self.init(
            id: id, exerciseId: exercise.id, exerciseName: exercise.displayName,
            canonicalName: exercise.canonicalName, sets: prescription.sets, repRange: prescription.repRange,
            restSeconds: prescription.restSeconds, primaryMuscle: exercise.primaryMuscle,
            equipmentCategory: exercise.equipmentCategory, equipmentItem: exercise.equipmentItem,
            isIsolation: exercise.isIsolation, warnings: risks.warnings, cues: risks.cues)
    }

    /// The slot's prescription.
    public var prescription: Prescription {
        Prescription(sets: sets, repRange: repRange, restSeconds: restSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case id, exerciseId, exerciseName, canonicalName, sets, repRange, restSeconds, primaryMuscle
        case equipmentCategory, equipmentItem, isIsolation, warnings, cues
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            exerciseId: try container.decode(String.self, forKey: .exerciseId),
            exerciseName: try container.decode(String.self, forKey: .exerciseName),
            canonicalName: try container.decode(String.self, forKey: .canonicalName),
            sets: try container.decode(Int.self, forKey: .sets),
            repRange: try container.decode(String.self, forKey: .repRange),
            restSeconds: try container.decode(Int.self, forKey: .restSeconds),
            primaryMuscle: try container.decode(String.self, forKey: .primaryMuscle),
            equipmentCategory: try container.decode(String.self, forKey: .equipmentCategory),
            equipmentItem: try container.decodeIfPresent(String.self, forKey: .equipmentItem),
            isIsolation: try container.decode(Bool.self, forKey: .isIsolation),
            warnings: try container.decode([InjuryWarning].self, forKey: .warnings),
            // Programmes stored before cues existed have none.
            cues: try container.decodeIfPresent([InjuryCue].self, forKey: .cues) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(exerciseId, forKey: .exerciseId)
        try container.encode(exerciseName, forKey: .exerciseName)
        try container.encode(canonicalName, forKey: .canonicalName)
        try container.encode(sets, forKey: .sets)
        try container.encode(repRange, forKey: .repRange)
        try container.encode(restSeconds, forKey: .restSeconds)
        try container.encode(primaryMuscle, forKey: .primaryMuscle)
        try container.encode(equipmentCategory, forKey: .equipmentCategory)
        // Present as null when the exercise names no item, as the programme JSON shows it.
        try container.encode(equipmentItem, forKey: .equipmentItem)
        try container.encode(isIsolation, forKey: .isIsolation)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(cues, forKey: .cues)
    }
}
