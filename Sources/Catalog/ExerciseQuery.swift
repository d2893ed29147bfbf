import Foundation
import GRDB

/// The SQL that selects exercises: the joins every exercise read needs, the conditions of a
/// filter, and an order. Arguments are positional, in the order the SQL names them.
struct ExerciseQuery {
    private(set) var conditions: [String] = []
    private(set) var arguments: StatementArguments = []
    private(set) var ordering = "swiftLowercaseString(e.display_name), e.display_name, e.id"
    private(set) var orderingArguments: StatementArguments = []

    init() {}

    init(_ filter: ExerciseFilter) {
        if let equipment = filter.equipment {
            restrict(to: equipment)
        }
        if let muscle = filter.muscle {
            require("m.slug = ?", [slug(muscle)])
        }
        if let pattern = filter.movementPattern {
            require("p.slug = ?", [slug(pattern)])
        }
        if let maxComplexity = filter.maxComplexity {
            require("e.complexity_level <= ?", [maxComplexity])
        }
        if let tier = filter.selectionTier {
            require("e.selection_tier = ?", [tier])
        }
        if let isIsolation = filter.isIsolation {
            require("e.is_isolation = ?", [isIsolation ? 1 : 0])
        }
        if filter.programmeOnly {
            require("e.include_in_programme = 1")
        }
        if let text = filter.searchText?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            require("instr(swiftLowercaseString(e.display_name), ?) > 0", [text.lowercased()])
        }
    }

    /// `FROM … WHERE …`, shared by the exercise rows and their secondary muscles and steps.
    var fromClause: String {
        var sql = """
            FROM exercises AS e
            JOIN canonical_groups AS g ON g.id = e.canonical_group_id
            JOIN equipment_categories AS c ON c.id = e.equipment_category_id
            LEFT JOIN equipment_items AS i ON i.id = e.equipment_item_id
            JOIN muscles AS m ON m.id = e.primary_muscle_id
            JOIN movement_patterns AS p ON p.id = e.movement_pattern_id
            """
        if !conditions.isEmpty {
            sql += "\nWHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ")
        }
        return sql
    }

    mutating func require(_ condition: String, _ values: StatementArguments = []) {
        conditions.append(condition)
        arguments += values
    }

    mutating func order(by ordering: String, _ values: StatementArguments = []) {
        self.ordering = ordering
        orderingArguments = values
    }

    /// The equipment rule of `EquipmentSelection.allows(category:item:)`, in SQL.
    private mutating func restrict(to selection: EquipmentSelection) {
        var alternatives = ["c.slug = ? AND e.equipment_item_id IS NULL"]
        var values: StatementArguments = [EquipmentSelection.bodyweightCategory]
        let selected = selection.categories.sorted { $0.key < $1.key }
        let whole = selected.filter { $0.value == .all }.map(\.key)
        if !whole.isEmpty {
            alternatives.append("c.slug IN (\(placeholders(whole.count)))")
            values += StatementArguments(whole)
        }
        for (category, items) in selected {
            guard case .only(let ticked) = items else { continue }
            if ticked.isEmpty {
                alternatives.append("c.slug = ? AND e.equipment_item_id IS NULL")
                values += [category]
            } else {
                alternatives.append(
                    "c.slug = ? AND (e.equipment_item_id IS NULL OR i.slug IN (\(placeholders(ticked.count))))")
                values += [category]
                values += StatementArguments(ticked.sorted())
            }
        }
        require(alternatives.map { "(\($0))" }.joined(separator: " OR "), values)
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
