/// The columns of the `exercises` sheet.
enum ExerciseColumn: String, ContractColumn {
    case exerciseID = "exercise_id"
    case displayName = "display_name"
    case canonicalName = "canonical_name"
    case equipmentCategory = "equipment_category"
    case equipmentSpecific = "equipment_specific"
    case primaryMuscle = "primary_muscle"
    case secondaryMuscles = "secondary_muscles"
    case movementPattern = "movement_pattern"
    case complexityLevel = "complexity_level"
    case selectionTier = "selection_tier"
    case isIsolation = "is_isolation"
    case includeInProgramme = "include_in_programme"
    case instruction1 = "instruction_1"
    case instruction2 = "instruction_2"
    case instruction3 = "instruction_3"
    case instruction4 = "instruction_4"
    case videoURL = "video_url"
    case thumbnailURL = "thumbnail_url"

    /// The case's place in `allCases` (declaration order), for tables indexed by column.
    var ordinal: Int {
        switch self {
        case .exerciseID: 0
        case .displayName: 1
        case .canonicalName: 2
        case .equipmentCategory: 3
        case .equipmentSpecific: 4
        case .primaryMuscle: 5
        case .secondaryMuscles: 6
        case .movementPattern: 7
        case .complexityLevel: 8
        case .selectionTier: 9
        case .isIsolation: 10
        case .includeInProgramme: 11
        case .instruction1: 12
        case .instruction2: 13
        case .instruction3: 14
        case .instruction4: 15
        case .videoURL: 16
        case .thumbnailURL: 17
        }
    }

    /// The instruction steps' columns, step 1 first.
    static let instructions: [ExerciseColumn] = [.instruction1, .instruction2, .instruction3, .instruction4]

    var spec: ColumnSpec {
        let name = rawValue
        return switch self {
        case .exerciseID, .displayName: ColumnSpec(name, .text, required: true, unique: true)
        case .canonicalName: ColumnSpec(name, .text, required: true)
        case .equipmentCategory: ColumnSpec(name, .text, required: true, lookup: "lookup_equipment.equipment_category")
        case .equipmentSpecific: ColumnSpec(name, .text, required: false, lookup: "lookup_equipment.equipment_specific")
        case .primaryMuscle: ColumnSpec(name, .text, required: true, lookup: "lookup_muscles.muscle_group")
        case .secondaryMuscles: ColumnSpec(name, .list, required: false, lookup: "lookup_muscles.muscle_group")
        case .movementPattern:
            ColumnSpec(name, .text, required: true, lookup: "lookup_movement_patterns.movement_pattern")
        case .complexityLevel: ColumnSpec(name, .integer, required: true, lookup: "lookup_complexity.complexity_level")
        case .selectionTier: ColumnSpec(name, .integer, required: true, lookup: "lookup_selection_tier.selection_tier")
        case .isIsolation, .includeInProgramme: ColumnSpec(name, .boolean, required: true)
        case .instruction1, .instruction2: ColumnSpec(name, .text, required: true)
        case .instruction3, .instruction4: ColumnSpec(name, .text, required: false)
        case .videoURL, .thumbnailURL: ColumnSpec(name, .url, required: false)
        }
    }
}
