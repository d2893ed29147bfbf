import Foundation
import TestSupport
import XLSX
import XLSXTestSupport
@testable import CatalogImport

/// A small, valid pair of catalogue workbooks built in code; tests break one thing in it and
/// assert the exact problem reported.
struct CatalogFixture {
    var exerciseHeader = WorkbookContract.exerciseColumns.map(\.name)
    var exercises: [[CellValue?]] = [
        row(
            "barbell_bench_press", "Barbell Bench Press", "Bench Press", "Barbells", "Flat Bench", "Chest",
            "Triceps, Shoulders", "Horizontal Push", 3, 0, 1),
        row(
            "dumbbell_bench_press", "Dumbbell Bench Press", "Bench Press", "Dumbbells", nil, "Chest", "Triceps",
            "Horizontal Push", 2, 0, 1),
        row(
            "barbell_back_squat", "Barbell Back Squat", "Squat", "Barbells", "Squat Rack", "Quads", "Glutes", "Squat",
            3, 0, 1),
        row(
            "machine_leg_press", "Machine Leg Press", "Squat", "Pin-loaded Machines", "Leg Press", "Quads", "Glutes",
            "Squat", 1, 0, 1),
        row(
            "plate_loaded_leg_press", "Plate-loaded Leg Press", "Squat", "Plate-loaded Machines", "Leg Press", "Quads",
            nil, "Squat", 1, 0, 1),
        row("pull_up", "Pull-Up", "Pull-Up", "Bodyweight", "Pull-up Bar", "Back", "Biceps", "Vertical Pull", 3, 0, 1),
        row("chin_up", "Chin-Up", "Pull-Up", "Bodyweight", "Pull-up Bar", "Back", "Biceps", "Vertical Pull", 2, 0, 1),
        row(
            "kettlebell_swing", "Kettlebell Swing", "Swing", "Kettlebells", nil, "Glutes", "Hamstrings", "Hinge", 2, 0,
            0),
    ]
    var schema: [[CellValue?]] = WorkbookContract.exerciseColumns.map(Self.schemaRow)
    var equipment: [[CellValue?]] = [
        ["Barbells", "Squat Rack"], ["Barbells", "Flat Bench"], ["Dumbbells", nil], ["Kettlebells", nil],
        ["Pin-loaded Machines", "Leg Press"], ["Plate-loaded Machines", "Leg Press"], ["Bodyweight", "Pull-up Bar"],
    ].map { $0.map { $0.map(CellValue.text) } }
    var muscles: [[CellValue?]] = [
        ["Chest", "upper"], ["Back", "upper"], ["Shoulders", "upper"], ["Biceps", "upper"], ["Triceps", "upper"],
        ["Quads", "lower"], ["Hamstrings", "lower"], ["Glutes", "lower"],
    ].map { $0.map(CellValue.text) }
    var patterns: [[CellValue?]] = [
        ["Squat", "Knees and hips bend together."], ["Hinge", "Hips travel back."],
        ["Horizontal Push", "Press away from the chest."], ["Vertical Pull", "Pull down from overhead."],
    ].map { $0.map(CellValue.text) }
    var complexity: [[CellValue?]] = (1...4).map { [.number(Double($0)), .text("Level \($0)"), .text("Level \($0).")] }
    var tiers: [[CellValue?]] = [
        [.number(1), .text("Staple"), .text("A coach's first choice.")],
        [.number(2), .text("Standard"), .text("A sound variation.")],
        [.number(3), .text("Specialist"), .text("Plyometric or advanced.")],
    ]
    var contraindications: [[CellValue?]] = [
        ["Bench Press", "Shoulder", "Pressing loads the front of the shoulder."],
        ["Squat", "Knee", "Deep knee bend under load."],
        ["Squat", "Lower Back", "The spine carries the bar."],
        ["Pull-Up", "Elbow", "Hanging pulls strain the elbow."],
    ].map { $0.map(CellValue.text) }
    /// `exercise_id`, `joint`, `level`, `cue`, `notes`.
    var exceptions: [[CellValue?]] = [
        [.text("machine_leg_press"), .text("Lower Back"), .text("safe"), nil, .text("The back pad carries the torso.")],
    ]
    /// Both sheets' declarations: the exceptions' columns qualified by their sheet's name.
    var contraindicationSchema: [[CellValue?]] = WorkbookContract.contraindicationColumns.map(Self.schemaRow)
        + ExceptionColumn.contract.map { spec in
            var row = Self.schemaRow(spec)
            row[0] = .text("exercise_exceptions.\(spec.name)")
            return row
        }
    /// Sheets left out of the exercise workbook.
    var omittedSheets: Set<String> = []
    /// Sheets of either workbook written hidden.
    var hiddenSheets: Set<String> = []
    /// Rewrites the exercise workbook's `xl/workbook.xml` (the sheet list) before it is zipped.
    var editSheetList: (@Sendable (String) -> String)?

    static func row(
        _ id: String, _ name: String, _ group: String, _ category: String, _ item: String?, _ primary: String,
        _ secondary: String?, _ pattern: String, _ complexity: Int, _ isolation: Int, _ programme: Int,
        tier: Int = 1
    ) -> [CellValue?] {
        let text: (String?) -> CellValue? = { $0.map(CellValue.text) }
        return [
            text(id), text(name), text(group), text(category), text(item), text(primary), text(secondary),
            text(pattern),
            .number(Double(complexity)), .number(Double(tier)), .number(Double(isolation)), .number(Double(programme)),
            text("Set up steady."), text("Move with control."), nil, nil, nil, nil,
        ]
    }

    static func schemaRow(_ spec: ColumnSpec) -> [CellValue?] {
        [.text(spec.name), .text(spec.dataType.rawValue), .text(spec.isRequired ? "Y" : "N"),
         .text(spec.isUnique ? "Y" : "N"), spec.lookup.map { .text($0.description) }, .text("About \(spec.name).")]
    }

    /// Sets the value of `column` in data row `index` (0 = the sheet's row 2).
    mutating func set(_ column: String, row index: Int, _ value: CellValue?) {
        guard let position = exerciseHeader.firstIndex(of: column) else { return }
        exercises[index][position] = value
    }

    func write(to directory: URL) throws {
        let text: ([String]) -> [CellValue?] = { $0.map(CellValue.text) }
        // Text past Excel's limit goes in through the shared strings: the writer, like Excel,
        // refuses it in a cell.
        var overlong: [String: String] = [:]
        let exercises = exercises.map { row in
            row.map { value -> CellValue? in
                guard let value, value.exceedsTextLimit else { return value }
                let placeholder = "overlong placeholder \(overlong.count)"
                overlong[placeholder] = value.plainText
                return .text(placeholder)
            }
        }
        var sheets: [WorkbookWriter.Sheet] = [
            .init(name: "exercises", rows: [text(exerciseHeader)] + exercises),
            .init(name: "schema", rows: [text(WorkbookContract.schemaSheetColumns)] + schema),
        ]
        for (sheet, rows) in [
            ("lookup_equipment", equipment), ("lookup_muscles", muscles),
            ("lookup_movement_patterns", patterns), ("lookup_complexity", complexity), ("lookup_selection_tier", tiers),
        ] {
            let header = WorkbookContract.lookupSheets.first { $0.sheet == sheet }?.columns ?? []
            sheets.append(.init(name: sheet, rows: [text(header)] + rows))
        }
        sheets.removeAll { omittedSheets.contains($0.name) }
        let exerciseFile = directory.appendingPathComponent(WorkbookContract.exerciseWorkbook).path
        try WorkbookWriter(sheets: hidingSheets(sheets)).write(to: exerciseFile, editing: [
            "xl/workbook.xml": { editSheetList?($0) ?? $0 },
            "xl/sharedStrings.xml": { xml in
                overlong.reduce(xml) { xml, entry in
                    let escaped = entry.value.replacingOccurrences(of: "&", with: "&amp;")
                        .replacingOccurrences(of: "<", with: "&lt;")
                    return xml.replacingOccurrences(of: ">\(entry.key)<", with: ">\(escaped)<")
                }
            },
        ])
        try WorkbookWriter(sheets: hidingSheets([
            .init(name: "contraindications", rows: [text(["canonical_name", "joint", "notes"])] + contraindications),
            .init(
                name: "exercise_exceptions",
                rows: [text(["exercise_id", "joint", "level", "cue", "notes"])] + exceptions),
            .init(name: "schema", rows: [text(WorkbookContract.schemaSheetColumns)] + contraindicationSchema),
        ])).write(to: directory.appendingPathComponent(WorkbookContract.contraindicationWorkbook).path)
    }

    private func hidingSheets(_ sheets: [WorkbookWriter.Sheet]) -> [WorkbookWriter.Sheet] {
        sheets.map { sheet in
            var sheet = sheet
            if hiddenSheets.contains(sheet.name) { sheet.state = .hidden }
            return sheet
        }
    }

    /// Writes the workbooks to a fresh folder and imports them, the check keeping what it
    /// keeps as `spill` says.
    func importCatalog(
        problemLimit: Int? = nil, keepsContent: Bool = true, spill: SpillSettings = SpillSettings()
    ) throws -> CatalogImporter.Result {
        try TemporaryDirectory.with { directory in
            try write(to: directory.url)
            var importer = CatalogImporter(problemLimit: problemLimit, keepsContent: keepsContent)
            importer.spill = spill
            return try importer.importCatalog(from: directory.url.path)
        }
    }
}
