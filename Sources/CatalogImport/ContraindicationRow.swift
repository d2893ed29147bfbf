/// One data row of the `contraindications` sheet, decoded once after its cells were checked.
struct ContraindicationRow {
    /// 1-based row number in the sheet.
    let number: Int
    /// False when any of the row's cells was reported as an error.
    let isValid: Bool
    let canonicalName: String?
    let joint: String?
    let notes: String?
    /// The sheet column of `joint`, when the sheet has it.
    let jointColumn: Int?

    init(_ record: ParsedRecord<ContraindicationColumn>) {
        number = record.number
        isValid = record.isValid
        canonicalName = record[.canonicalName]?.text
        joint = record[.joint]?.text
        notes = record[.notes]?.text
        jointColumn = record.column(.joint)
    }
}
