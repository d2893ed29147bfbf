import Catalog
import XLSX

/// The rules of the `exercise_exceptions` sheet beyond its column types: a level of `safe`,
/// `modified` or `contraindicated`; a cue on exactly the `modified` rows; a joint the
/// contraindications sheet names, spelt as the workbook spells it; each (exercise_id, joint) pair
/// once; and a warning for a row that changes nothing (`safe` for a joint its group is not
/// contraindicated for, `contraindicated` for one it already is).
struct ExceptionRules {
    let table: SheetTable
    /// The canonical group of each valid exercise the sheet names.
    let groupByExercise: [String: String]
    /// The contraindications read, by (canonical group, joint key).
    let contraindicated: Set<String>
    /// The joints the contraindications sheet names, by joint key, and their names in sheet order.
    let joints: Set<String>
    let jointNames: [String]

    init(table: SheetTable, groupByExercise: [String: String], contraindications: [Contraindication]) {
        self.table = table
        self.groupByExercise = groupByExercise
        contraindicated = Set(contraindications.map { Self.pairKey($0.canonicalName, $0.joint) })
        joints = Set(contraindications.map { ContraindicationRules.jointKey($0.joint) })
        var names: [String] = []
        for contraindication in contraindications where !names.contains(contraindication.joint) {
            names.append(contraindication.joint)
        }
        jointNames = names
    }

    private static func pairKey(_ group: String, _ joint: String) -> String {
        SheetTable.normalise(group) + "\u{1F}" + ContraindicationRules.jointKey(joint)
    }

    func check(
        _ rows: [ExceptionRow], spellings: JointSpellings
    ) -> (exceptions: [ExerciseException], problems: [Problem]) {
        var reader = FieldReader(table: table)
        var pairs = FirstRows()
        var firstLevels: [String: String] = [:]
        var result: [ExerciseException] = []
        for row in rows {
            guard let exerciseID = row.exerciseID, let joint = row.joint, let jointColumn = row.jointColumn
            else { continue }
            var valid = row.isValid
            if !spellings.check(joint, row: row.number, column: jointColumn, reader: &reader) {
                valid = false
            } else if !joints.isEmpty, !joints.contains(ContraindicationRules.jointKey(joint)) {
                valid = false
                reader.report(
                    .error, .fkUnknownValue, row: row.number, jointColumn, value: joint,
                    message: "unknown joint \(quoted: joint): the contraindications sheet names no such joint",
                    hint: "use one of: " + jointNames.joined(separator: ", "))
            }
            let level = row.level.flatMap { ExerciseException.Level(rawValue: $0.lowercased()) }
            if let raw = row.level, let levelColumn = row.levelColumn, level == nil {
                valid = false
                reader.report(
                    .error, .exceptionLevel, row: row.number, levelColumn, value: raw,
                    message: "level \(quoted: raw) is not \"safe\", \"modified\" or \"contraindicated\"",
                    hint: "safe: the group may aggravate the joint but this exercise is the coach's answer; "
                        + "modified: allowed only with the cue in the cue column; "
                        + "contraindicated: the group is fine but this exercise is not")
            }
            if let level, !checkCue(row, level: level, reader: &reader) { valid = false }
            let key = exerciseID + "\u{1F}" + ContraindicationRules.jointKey(joint)
            let firstLevel = firstLevels[key]
            if !pairs.isFirst(
                key, "\(shown: exerciseID) × \(shown: joint)", row: row.number, jointColumn, value: joint,
                hint: firstLevel.map { first in
                    first.lowercased() == row.level?.lowercased()
                        ? "keep one row per exercise_id and joint"
                        : "the rows say \(quoted: first) and \(quoted: row.level ?? ""): keep the one row that is right"
                } ?? "keep one row per exercise_id and joint",
                reader: &reader)
            {
                valid = false
            } else {
                firstLevels[key] = row.level ?? ""
            }
            guard valid, let level else { continue }
            // A row that says what the group already says changes nothing; a `modified` row
            // always changes something (the cue replaces a warning, or adds one).
            if level != .modified, let group = groupByExercise[exerciseID],
                contraindicated.contains(Self.pairKey(group, joint)) == (level == .contraindicated)
            {
                let safe = level == .safe
                reader.report(
                    .warning, .exceptionNoEffect, row: row.number, row.levelColumn ?? jointColumn,
                    value: level.rawValue,
                    message: "\(shown: exerciseID) is marked \(level.rawValue) for the \(joint.lowercased()), but its "
                        + "group \(shown: group) " + (safe ? "is not contraindicated for it" : "already is")
                        + ": the row changes nothing",
                    hint: safe
                        ? "remove the row, or add \(shown: group) × \(shown: joint) to contraindications"
                        : "remove the row; the contraindications sheet already covers every exercise of the group")
            }
            result.append(ExerciseException(
                exerciseId: exerciseID, joint: joint, level: level, cue: level == .modified ? row.cue : nil,
                notes: row.notes ?? ""))
        }
        return (result, reader.problems)
    }

    /// A `modified` row needs its cue (what makes the exercise allowed, shown to the user); the
    /// other levels show none, so a cue there is a mistake. Reports at the cue cell (the level's
    /// when the sheet has no cue column, which the contract reports too).
    private func checkCue(_ row: ExceptionRow, level: ExerciseException.Level, reader: inout FieldReader) -> Bool {
        guard let column = row.cueColumn ?? row.levelColumn else { return true }
        switch (level, row.cue) {
        case (.modified, nil):
            reader.report(
                .error, .exceptionCue, row: row.number, column, value: nil,
                message: "a modified row needs a cue: what makes the exercise allowed for the "
                    + "\(row.joint?.lowercased() ?? "joint"), shown to the user",
                hint: "e.g. \"to a pain-free depth\", \"neutral grip\", \"supported back\"")
            return false
        case (.safe, let cue?), (.contraindicated, let cue?):
            reader.report(
                .error, .exceptionCue, row: row.number, column, value: cue,
                message: "a \(level.rawValue) row shows no cue: only modified rows have one",
                hint: "clear the cell, or make the row modified if the exercise is allowed only with this cue")
            return false
        default:
            return true
        }
    }
}
