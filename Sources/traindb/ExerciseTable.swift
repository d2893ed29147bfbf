import Catalog

/// The exercises `query` lists, as an aligned table for people.
struct ExerciseTable {
    static let header = [
        "id", "display name", "category", "item", "primary muscle", "complexity", "tier", "isolation", "programme",
    ]

    let exercises: [Exercise]

    /// The header, one line per exercise and a count line; `empty` when there are none.
    func text(empty: String) -> String {
        guard !exercises.isEmpty else { return empty + "\n" }
        let rows = [Self.header] + exercises.map(Self.row)
        let widths = Self.header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text + "\(exercises.count) exercise\(exercises.count == 1 ? "" : "s")\n"
    }

    private static func row(_ exercise: Exercise) -> [String] {
        [
            exercise.id, exercise.displayName, exercise.equipmentCategory, exercise.equipmentItem ?? "-",
            exercise.primaryMuscle, String(exercise.complexity), String(exercise.selectionTier),
            exercise.isIsolation ? "yes" : "no", exercise.includeInProgramme ? "yes" : "no",
        ]
    }
}
