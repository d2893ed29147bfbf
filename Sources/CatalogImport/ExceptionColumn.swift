/// The columns of the `exercise_exceptions` sheet.
enum ExceptionColumn: String, ContractColumn {
    case exerciseID = "exercise_id"
    case joint
    case level
    case cue
    case notes

    var spec: ColumnSpec {
        switch self {
        case .exerciseID: ColumnSpec(rawValue, .text, required: true, lookup: "exercises.exercise_id")
        case .joint, .level, .notes: ColumnSpec(rawValue, .text, required: true)
        // Required for `modified` rows only: ExceptionRules checks it against the level.
        case .cue: ColumnSpec(rawValue, .text, required: false)
        }
    }
}

/// One data row of the `exercise_exceptions` sheet, decoded once after its cells were checked.
struct ExceptionRow {
    /// 1-based row number in the sheet.
    let number: Int
    /// False when any of the row's cells was reported as an error.
    let isValid: Bool
    let exerciseID: String?
    let joint: String?
    let level: String?
    let cue: String?
    let notes: String?
    let jointColumn: Int?
    let levelColumn: Int?
    let cueColumn: Int?

    init(_ record: ParsedRecord<ExceptionColumn>) {
        number = record.number
        isValid = record.isValid
        exerciseID = record[.exerciseID]?.text
        joint = record[.joint]?.text
        level = record[.level]?.text
        cue = record[.cue]?.text
        notes = record[.notes]?.text
        jointColumn = record.column(.joint)
        levelColumn = record.column(.level)
        cueColumn = record.column(.cue)
    }
}
