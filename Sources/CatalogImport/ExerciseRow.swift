import Catalog

/// One data row of the `exercises` sheet, decoded once after its cells were checked: each
/// field is the cell's value in its column's type, or nil when the cell is blank or its value
/// was reported. The rules read these fields; the exercise is made from them.
struct ExerciseRow {
    /// 1-based row number in the sheet.
    let number: Int
    /// False when any of the row's cells was reported as an error.
    let isValid: Bool
    let id: String?
    let displayName: String?
    let canonicalName: String?
    let equipmentCategory: String?
    let equipmentItem: String?
    let primaryMuscle: String?
    let secondaryMuscles: [String]?
    let movementPattern: String?
    let complexity: Int?
    let selectionTier: Int?
    let isIsolation: Bool?
    let includeInProgramme: Bool?
    /// Steps 1 to 4, nil where the cell is blank.
    let instructions: [String?]
    let videoURL: String?
    let thumbnailURL: String?
    private let record: ParsedRecord<ExerciseColumn>

    init(_ record: ParsedRecord<ExerciseColumn>) {
        self.record = record
        number = record.number
        isValid = record.isValid
        id = record[.exerciseID]?.text
        displayName = record[.displayName]?.text
        canonicalName = record[.canonicalName]?.text
        equipmentCategory = record[.equipmentCategory]?.text
        equipmentItem = record[.equipmentSpecific]?.text
        primaryMuscle = record[.primaryMuscle]?.text
        secondaryMuscles = record[.secondaryMuscles]?.list
        movementPattern = record[.movementPattern]?.text
        complexity = record[.complexityLevel]?.integer
        selectionTier = record[.selectionTier]?.integer
        isIsolation = record[.isIsolation]?.boolean
        includeInProgramme = record[.includeInProgramme]?.boolean
        instructions = ExerciseColumn.instructions.map { record[$0]?.text }
        videoURL = record[.videoURL]?.text
        thumbnailURL = record[.thumbnailURL]?.text
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
