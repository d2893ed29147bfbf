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
