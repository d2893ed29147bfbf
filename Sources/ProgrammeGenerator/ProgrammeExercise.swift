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

    public init(
        id: String, exerciseId: String, exerciseName: String, canonicalName: String, sets: Int, repRange: String,
        restSeconds: Int, primaryMuscle: String, equipmentCategory: String, equipmentItem: String?,
        isIsolation: Bool, warnings: [InjuryWarning]
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
    }

    /// `exercise` in the slot `id` with this prescription.
    init(id: String, exercise: Exercise, prescription: Prescription, warnings: [InjuryWarning]) {
        self.init(
            id: id, exerciseId: exercise.id, exerciseName: exercise.displayName,
            canonicalName: exercise.canonicalName, sets: prescription.sets, repRange: prescription.repRange,
            restSeconds: prescription.restSeconds, primaryMuscle: exercise.primaryMuscle,
            equipmentCategory: exercise.equipmentCategory, equipmentItem: exercise.equipmentItem,
            isIsolation: exercise.isIsolation, warnings: warnings)
    }

    /// The slot's prescription.
    public var prescription: Prescription {
        Prescription(sets: sets, repRange: repRange, restSeconds: restSeconds)
    }

    private enum CodingKeys: String, CodingKey {
        case id, exerciseId, exerciseName, canonicalName, sets, repRange, restSeconds, primaryMuscle
        case equipmentCategory, equipmentItem, isIsolation, warnings
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
    }
}
