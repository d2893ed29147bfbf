import Foundation

extension CoverageReport {
    /// Plain-text tables for the terminal and the README.
    public func text() -> String {
        var out = "Catalogue: \(exercises) exercises (\(programmeExercises) in programmes), "
            + "\(canonicalGroups) canonical groups, \(contraindications) contraindications and "
            + "\(exceptions) exercise exceptions over \(joints.count) joints\n\n"

        out += "Programme exercises a user with each injury can do without a warning (of them, with a cue), "
            + "and the exceptions by level\n"
        out += Self.table(
            header: ["joint", "no warning", "with a cue", "safe", "modified", "contraindicated"],
            rows: jointRows.map { row in
                [row.joint, "\(row.programmeExercisesWithoutWarning) of \(programmeExercises)",
                 String(row.programmeExercisesWithCue), String(row.safeExceptions), String(row.modifiedExceptions),
                 String(row.contraindicatedExceptions)]
            })
        out += "\n"

        out += "Programme exercises by primary muscle and equipment category\n"
        let categoryHeaders = categories.map(Self.abbreviation)
        out += Self.table(
            header: ["muscle"] + categoryHeaders + ["total"],
            rows: muscles.map { row in
                [row.muscle] + categories.map { Self.count(row.byCategory[$0]) } + [String(row.total)]
            })
        out += "  " + zip(categoryHeaders, categories).map { "\($0) = \($1)" }.joined(separator: ", ") + "\n\n"

        out += "Programme exercises by movement pattern and complexity\n"
        out += Self.table(
            header: ["pattern", "1", "2", "3", "4", "total"],
            rows: movementPatterns.map { row in
                [row.pattern] + (1...4).map { Self.count(row.byComplexity[String($0)]) } + [String(row.total)]
            })
        out += "\n"

        out += "Programme exercises by movement pattern and selection tier\n"
        out += Self.table(
            header: ["pattern", "staple", "standard", "specialist", "total"],
            rows: movementPatterns.map { row in
                [row.pattern] + (1...3).map { Self.count(row.byTier[String($0)]) } + [String(row.total)]
            })
        out += "\n"

        out += Self.list(
            "Patterns and equipment without a staple",
            stapleGaps.map { "\($0.pattern) × \($0.category): \($0.exercises.joined(separator: ", "))" })
        out += Self.list("Groups without an alternative", groupsWithoutAlternative)
        out += Self.list("Equipment no exercise uses", unused.equipment)
        out += Self.list("Muscles no exercise uses", unused.muscles)
        out += Self.list("Movement patterns no exercise uses", unused.movementPatterns)
        out += Self.list("Complexity levels no exercise uses", unused.complexityLevels.map(String.init))
        out += Self.list("Selection tiers no exercise uses", unused.selectionTiers.map(String.init))
        out += Self.list("Canonical groups with no contraindication reviewed", groupsWithoutContraindication)
        return out
    }

    private static func count(_ value: Int?) -> String { value.map(String.init) ?? "." }

    /// `Pin-loaded Machines` → `PIN`: short column headers, explained under the table.
    private static func abbreviation(_ category: String) -> String {
        String(category.uppercased().filter(\.isLetter).prefix(3))
    }

    private static func list(_ title: String, _ values: [String]) -> String {
        values.isEmpty ? "\(title): none\n" : "\(title) (\(values.count)):\n" + values.map { "  \($0)\n" }.joined()
    }

    static func table(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return ([header] + rows).map { "  " + line($0) }.joined()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
