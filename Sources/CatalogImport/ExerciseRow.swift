import Catalog

/// One data row of the `exercises` sheet, decoded once after its cells were checked: each
/// field is the cell's value in its column's type, or nil when the cell is blank or its value
/// was reported. The rules read these fields; the exercise is made from them.
struct ExerciseRow {
    /// 1-based row number in the sheet.
    let number: Int
    /// False when any of the row's cells was reported as an error.
    let isValid: Bool
    private(set) var id: String?
    private(set) var displayName: String?
    private(set) var canonicalName: String?
    private(set) var equipmentCategory: String?
    private(set) var equipmentItem: String?
    private(set) var primaryMuscle: String?
    private(set) var secondaryMuscles: [String]?
    private(set) var movementPattern: String?
    private(set) var complexity: Int?
    private(set) var selectionTier: Int?
    private(set) var isIsolation: Bool?
    private(set) var includeInProgramme: Bool?
    /// Steps 1 to 4, nil where the cell is blank (four fields rather than an array made for
    /// each row).
    private(set) var instruction1: String?
    private(set) var instruction2: String?
    private(set) var instruction3: String?
    private(set) var instruction4: String?
    private(set) var videoURL: String?
    private(set) var thumbnailURL: String?
    private let record: ParsedRecord<ExerciseColumn>

    init(_ record: ParsedRecord<ExerciseColumn>) {
        self.record = record
        number = record.number
        isValid = record.isValid
        // One pass over the fields in the order they were set, the last of a column winning, rather
        // than a search of them for each of the 18 fields.
        record.forEachField { column, value in
            switch column {
            case .exerciseID: id = value?.text
            case .displayName: displayName = value?.text
            case .canonicalName: canonicalName = value?.text
            case .equipmentCategory: equipmentCategory = value?.text
            case .equipmentSpecific: equipmentItem = value?.text
            case .primaryMuscle: primaryMuscle = value?.text
            case .secondaryMuscles: secondaryMuscles = value?.list
            case .movementPattern: movementPattern = value?.text
            case .complexityLevel: complexity = value?.integer
            case .selectionTier: selectionTier = value?.integer
            case .isIsolation: isIsolation = value?.boolean
            case .includeInProgramme: includeInProgramme = value?.boolean
            case .instruction1: instruction1 = value?.text
            case .instruction2: instruction2 = value?.text
            case .instruction3: instruction3 = value?.text
            case .instruction4: instruction4 = value?.text
            case .videoURL: videoURL = value?.text
            case .thumbnailURL: thumbnailURL = value?.text
            }
        }
    }

    /// Steps 1 to 4, nil where the cell is blank.
    var instructions: [String?] { [instruction1, instruction2, instruction3, instruction4] }

    /// Step `step` (1 to 4), nil where the cell is blank.
    func instruction(_ step: Int) -> String? {
        switch step {
        case 1: instruction1
        case 2: instruction2
        case 3: instruction3
        default: instruction4
        }
    }

    /// The sheet column (1 = A) of `column`, when the sheet has it.
    func column(_ column: ExerciseColumn) -> Int? {
        record.column(column)
    }

    /// The exercise, when every required field is there.
    var exercise: Exercise? {
        guard let id, let displayName, let canonicalName, let equipmentCategory, let primaryMuscle,
            let movementPattern, let complexity, let selectionTier, let isIsolation, let includeInProgramme
        else { return nil }
        return Exercise(
            id: id, displayName: displayName, canonicalName: canonicalName, equipmentCategory: equipmentCategory,
            equipmentItem: equipmentItem, primaryMuscle: primaryMuscle, secondaryMuscles: secondaryMuscles ?? [],
            movementPattern: movementPattern, complexity: complexity, selectionTier: selectionTier,
            isIsolation: isIsolation, includeInProgramme: includeInProgramme,
            instructions: instructions.compactMap { $0 }, videoURL: videoURL, thumbnailURL: thumbnailURL)
    }
}
