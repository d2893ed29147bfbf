import Catalog
import XLSX

/// The rules of the `exercise_exceptions` sheet beyond its column types: a level of `safe` or
/// `contraindicated`, each (exercise_id, joint) pair once, the joints spelt as the workbook spells
/// them, and a warning for a row that changes nothing (`safe` for a joint its group is not
/// contraindicated for, `contraindicated` for one it already is).
struct ExceptionRules {
    let table: SheetTable
    /// The canonical group of each valid exercise the sheet names.
    let groupByExercise: [String: String]
    /// The contraindications read, by (canonical group, joint key).
    let contraindicated: Set<String>

    init(table: SheetTable, groupByExercise: [String: String], contraindications: [Contraindication]) {
        self.table = table
        self.groupByExercise = groupByExercise
        contraindicated = Set(contraindications.map { Self.pairKey($0.canonicalName, $0.joint) })
    }

    private static func pairKey(_ group: String, _ joint: String) -> String {
        SheetTable.normalise(group) + "\u{1F}" + ContraindicationRules.jointKey(joint)
    }

    func check(
        _ rows: [ExceptionRow], spellings: JointSpellings
    ) -> (exceptions: [ExerciseException], problems: [Problem]) {
        var reader = FieldReader(table: table)
        var pairs = FirstRows()
        var result: [ExerciseException] = []
        for row in rows {
            guard let exerciseID = row.exerciseID, let joint = row.joint, let jointColumn = row.jointColumn
            else { continue }
            var valid = row.isValid
            if !spellings.check(joint, row: row.number, column: jointColumn, reader: &reader) { valid = false }
            let level = row.level.flatMap { ExerciseException.Level(rawValue: $0.lowercased()) }
            if let raw = row.level, let levelColumn = row.levelColumn, level == nil {
                valid = false
                reader.report(
                    .error, .exceptionLevel, row: row.number, levelColumn, value: raw,
                    message: "level \(quoted: raw) is neither \"safe\" nor \"contraindicated\"",
                    hint: "safe: the group may aggravate the joint but this exercise is the coach's answer; "
                        + "contraindicated: the group is fine but this exercise is not")
            }
            if !pairs.isFirst(
                exerciseID + "\u{1F}" + ContraindicationRules.jointKey(joint), "\(shown: exerciseID) × \(shown: joint)",
                row: row.number, jointColumn, value: joint, hint: "keep one row per exercise_id and joint",
                reader: &reader)
            {
                valid = false
            }
            guard valid, let level else { continue }
            // A row that says what the group already says changes nothing.
            if let group = groupByExercise[exerciseID],
                contraindicated.contains(Self.pairKey(group, joint)) == (level == .contraindicated)
            {
                let safe = level == .safe
                reader.report(
                    .warning, .exceptionNoEffect, row: row.number, row.levelColumn ?? jointColumn, value: level.rawValue,
                    message: "\(shown: exerciseID) is marked \(level.rawValue) for the \(joint.lowercased()), but its "
                        + "group \(shown: group) " + (safe ? "is not contraindicated for it" : "already is")
                        + ": the row changes nothing",
                    hint: safe
                        ? "remove the row, or add \(shown: group) × \(shown: joint) to contraindications"
                        : "remove the row; the contraindications sheet already covers every exercise of the group")
            }
            result.append(ExerciseException(exerciseId: exerciseID, joint: joint, level: level, notes: row.notes ?? ""))
        }
        return (result, reader.problems)
    }
}
