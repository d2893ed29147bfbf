/// The columns TrainDB's database schema expects of each workbook sheet. A workbook's own
/// `schema` sheet must agree with these: a column renamed, added or dropped in Excel is
/// reported, never silently ignored.
enum WorkbookContract {
    static let exerciseWorkbook = "train_exercise_database_prod.xlsx"
    static let contraindicationWorkbook = "train_exercise_contraindications_prod.xlsx"

    /// The sheets whose rows become the database's rows.
    static let masterSheets: Set<String> = ["exercises", "contraindications", exceptionSheet]

    /// The contraindication workbook's second master sheet. Its columns are declared in the
    /// workbook's one `schema` sheet as `exercise_exceptions.exercise_id` and so on.
    static let exceptionSheet = "exercise_exceptions"

    /// The columns of `exercises`, in the order the data team keeps them.
    static let exerciseColumns = ExerciseColumn.contract

    /// The columns of `contraindications`.
    static let contraindicationColumns = ContraindicationColumn.contract
    /// The lookup sheets of the exercise workbook and the columns each must have.
    static let lookupSheets: [(sheet: String, columns: [String])] = [
        ("lookup_equipment", ["equipment_category", "equipment_specific"]),
        ("lookup_muscles", ["muscle_group", "body_region"]),
        ("lookup_movement_patterns", ["movement_pattern", "description"]),
        ("lookup_complexity", ["complexity_level", "label", "description"]),
        ("lookup_selection_tier", ["selection_tier", "label", "description"]),
    ]

    /// The columns of every `schema` sheet.
    static let schemaSheetColumns = ["column_name", "data_type", "required", "unique", "lookup", "description"]

    static let bodyRegions: Set<String> = ["upper", "lower", "core"]
}
