import Catalog

/// One data row of the `exercises` sheet, read after its cells were checked: each field is the
/// cell's value in its column's type, or nil when the cell is blank or its value was reported.
/// The rules read these fields; the exercise is made from them.
///
/// A field is read from the parsed record when asked for, at the slot the sheet's `Layout`
/// gives: the rules read a dozen fields a row, and a copy of all 18 values made for each row
/// (each text retained, then released) cost more than the rules' own work.
struct ExerciseRow {
    /// Where each column's value is in the parsed records of one sheet: the same for every row
    /// (they share one list of columns), found once.
    struct Layout {
        /// Per column (by `ExerciseColumn.ordinal`), its slot in the record; -1 when the sheet
        /// lacks it. Held inline, not in an array: the layout goes with every row, and an
        /// array's storage was retained and released for each.
        fileprivate let slots: SIMD32<Int8>

        init(_ columns: [(column: ExerciseColumn, index: Int)]) {
            // A record lists each contract column once: fewer slots than columns, all in 8 bits.
            precondition(ExerciseColumn.allCases.count <= SIMD32<Int8>.scalarCount)
            var slots = SIMD32<Int8>(repeating: -1)
            for slot in columns.indices { slots[columns[slot].column.ordinal] = Int8(slot) }
            self.slots = slots
        }
    }

    private let record: ParsedRecord<ExerciseColumn>
    private let layout: Layout

    /// `layout` is the one made from `record.columns` (any record of the same sheet's).
    init(_ record: consuming ParsedRecord<ExerciseColumn>, layout: Layout) {
        self.record = record
        self.layout = layout
    }

    init(_ record: ParsedRecord<ExerciseColumn>) {
        self.init(record, layout: Layout(record.columns))
    }

    /// 1-based row number in the sheet.
    var number: Int { record.number }
    /// False when any of the row's cells was reported as an error.
    var isValid: Bool { record.isValid }
    var id: String? { value(.exerciseID)?.text }
    var displayName: String? { value(.displayName)?.text }
    var canonicalName: String? { value(.canonicalName)?.text }
    var equipmentCategory: String? { value(.equipmentCategory)?.text }
    var equipmentItem: String? { value(.equipmentSpecific)?.text }
    var primaryMuscle: String? { value(.primaryMuscle)?.text }
    var secondaryMuscles: [String]? { value(.secondaryMuscles)?.list }
    var movementPattern: String? { value(.movementPattern)?.text }
    var complexity: Int? { value(.complexityLevel)?.integer }
    var selectionTier: Int? { value(.selectionTier)?.integer }
    var isIsolation: Bool? { value(.isIsolation)?.boolean }
    var includeInProgramme: Bool? { value(.includeInProgramme)?.boolean }
    var videoURL: String? { value(.videoURL)?.text }
    var thumbnailURL: String? { value(.thumbnailURL)?.text }

    /// The value read from `column`; nil when blank, reported, or not in the sheet.
    private func value(_ column: ExerciseColumn) -> FieldValue? {
        let slot = Int(layout.slots[column.ordinal])
        return slot < 0 ? nil : record[slot: slot]
    }

    /// The UTF-8 of the text field `column`, lent to `body` without a `String` of it; nil when
    /// the field is blank, reported, not text, or not in the sheet.
    func withUTF8<Result>(_ column: ExerciseColumn, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result?
    {
        let slot = Int(layout.slots[column.ordinal])
        return slot < 0 ? nil : try record.withUTF8(slot: slot, body)
    }

    /// The UTF-8 of the list field `column` when it was read in place (`FieldValue.packedList`),
    /// lent to `body` without its items' `String`s, with the UTF-8 of the text field `other`
    /// (nil when blank, reported or not in the sheet); nil otherwise
    /// (`ParsedRecord.withPackedListUTF8(slot:withText:_:)`). Both at once: a closure reading
    /// the row would copy it.
    func withPackedListUTF8<Result>(
        _ column: ExerciseColumn, withText other: ExerciseColumn,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) throws -> Result
    ) rethrows -> Result? {
        let slot = Int(layout.slots[column.ordinal])
        let otherSlot = Int(layout.slots[other.ordinal])
        guard slot >= 0 else { return nil }
        return try record.withPackedListUTF8(slot: slot, withText: otherSlot < 0 ? nil : otherSlot, body)
    }

    /// Steps 1 to 4, nil where the cell is blank.
    var instructions: [String?] { [instruction(1), instruction(2), instruction(3), instruction(4)] }

    /// Step `step` (1 to 4), nil where the cell is blank.
    func instruction(_ step: Int) -> String? {
        value(ExerciseColumn.instructions[step - 1])?.text
    }

    /// Whether step `step` (1 to 4) is filled, read without a copy of its text.
    func hasInstruction(_ step: Int) -> Bool {
        hasValue(ExerciseColumn.instructions[step - 1])
    }

    /// Whether the field `column` has a value (not blank, not reported, in the sheet), read
    /// without a copy of it.
    func hasValue(_ column: ExerciseColumn) -> Bool {
        let slot = Int(layout.slots[column.ordinal])
        return slot >= 0 && record.hasValue(slot: slot)
    }

    /// The sheet column (1 = A) of `column`, when the sheet has it.
    func column(_ column: ExerciseColumn) -> Int? {
        let slot = Int(layout.slots[column.ordinal])
        return slot < 0 ? nil : record.columns[slot].index
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
