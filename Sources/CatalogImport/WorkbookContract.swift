/// The columns TrainDB's database schema expects of each workbook sheet. A workbook's own
/// `schema` sheet must agree with these: a column renamed, added or dropped in Excel is
/// reported, never silently ignored.
public enum WorkbookContract {
    public static let exerciseWorkbook = "train_exercise_database_prod.xlsx"
    public static let contraindicationWorkbook = "train_exercise_contraindications_prod.xlsx"

    /// The columns of `exercises`, in the order the data team keeps them.
    public static let exerciseColumns: [ColumnSpec] = [
        ColumnSpec("exercise_id", .text, required: true, unique: true),
        ColumnSpec("display_name", .text, required: true, unique: true),
        ColumnSpec("canonical_name", .text, required: true),
        ColumnSpec("equipment_category", .text, required: true, lookup: "lookup_equipment.equipment_category"),
        ColumnSpec("equipment_specific", .text, required: false, lookup: "lookup_equipment.equipment_specific"),
        ColumnSpec("primary_muscle", .text, required: true, lookup: "lookup_muscles.muscle_group"),
        ColumnSpec("secondary_muscles", .list, required: false, lookup: "lookup_muscles.muscle_group"),
        ColumnSpec("movement_pattern", .text, required: true, lookup: "lookup_movement_patterns.movement_pattern"),
        ColumnSpec("complexity_level", .integer, required: true, lookup: "lookup_complexity.complexity_level"),
        ColumnSpec("selection_tier", .integer, required: true, lookup: "lookup_selection_tier.selection_tier"),
        ColumnSpec("is_isolation", .boolean, required: true),
        ColumnSpec("include_in_programme", .boolean, required: true),
        ColumnSpec("instruction_1", .text, required: true),
        ColumnSpec("instruction_2", .text, required: true),
        ColumnSpec("instruction_3", .text, required: false),
        ColumnSpec("instruction_4", .text, required: false),
        ColumnSpec("video_url", .url, required: false),
        ColumnSpec("thumbnail_url", .url, required: false),
    ]

    /// The columns of `contraindications`.
    public static let contraindicationColumns: [ColumnSpec] = [
        ColumnSpec("canonical_name", .text, required: true, lookup: "exercises.canonical_name"),
        ColumnSpec("joint", .text, required: true),
        ColumnSpec("notes", .text, required: true),
    ]

    /// The lookup sheets of the exercise workbook and the columns each must have.
    public static let lookupSheets: [(sheet: String, columns: [String])] = [
        ("lookup_equipment", ["equipment_category", "equipment_specific"]),
        ("lookup_muscles", ["muscle_group", "body_region"]),
        ("lookup_movement_patterns", ["movement_pattern", "description"]),
        ("lookup_complexity", ["complexity_level", "label", "description"]),
        ("lookup_selection_tier", ["selection_tier", "label", "description"]),
    ]

    /// The columns of every `schema` sheet.
    public static let schemaSheetColumns = ["column_name", "data_type", "required", "unique", "lookup", "description"]

    public static let bodyRegions: Set<String> = ["upper", "lower", "core"]
}
