import Foundation
import GRDB

/// The SQL that selects exercises: the joins every exercise read needs, the conditions of a
/// filter, and an order. Values travel inside the SQL literals (`"m.slug = \(muscle)"`), so
/// conditions and their arguments cannot drift apart.
struct ExerciseQuery {
    private(set) var conditions: [SQL] = []
    private(set) var ordering: SQL = "swiftLowercaseString(e.display_name), e.display_name, e.id"

    init() {}

    init(_ filter: ExerciseFilter) {
        if let equipment = filter.equipment {
            require(Self.condition(allowing: equipment))
        }
        if let muscle = filter.muscle {
            require("m.slug = \(muscle.slug)")
        }
        if let pattern = filter.movementPattern {
            require("p.slug = \(pattern.slug)")
        }
        if let maxComplexity = filter.maxComplexity {
            require("e.complexity_level <= \(maxComplexity)")
        }
        if let tier = filter.selectionTier {
            require("e.selection_tier = \(tier)")
        }
        if let isIsolation = filter.isIsolation {
            require("e.is_isolation = \(isIsolation)")
        }
        if filter.programmeOnly {
            require("e.include_in_programme = 1")
        }
        if let text = filter.searchText?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            require("instr(swiftLowercaseString(e.display_name), \(text.lowercased())) > 0")
        }
    }

    mutating func require(_ condition: SQL) {
        conditions.append(condition)
    }

    mutating func order(by ordering: SQL) {
        self.ordering = ordering
    }

    /// `SELECT … FROM … WHERE … ORDER BY …`: one `Selected` per exercise.
    var request: SQLRequest<Selected> {
        var sql: SQL = """
            SELECT e.id, e.display_name, g.name AS canonical_name, c.name AS equipment_category,
                   i.name AS equipment_item, m.name AS primary_muscle, p.name AS movement_pattern,
                   e.complexity_level, e.selection_tier, e.is_isolation, e.include_in_programme,
                   e.video_url, e.thumbnail_url
            FROM exercises AS e
            JOIN canonical_groups AS g ON g.id = e.canonical_group_id
            JOIN equipment_categories AS c ON c.id = e.equipment_category_id
            LEFT JOIN equipment_items AS i ON i.id = e.equipment_item_id
            JOIN muscles AS m ON m.id = e.primary_muscle_id
            JOIN movement_patterns AS p ON p.id = e.movement_pattern_id
            """
        if !conditions.isEmpty {
            sql += "\nWHERE " + conditions.map(Self.parenthesized).joined(separator: " AND ")
        }
        return SQLRequest(literal: sql + "\nORDER BY \(ordering)")
    }

    /// The equipment rule of `EquipmentSelection.allows(category:item:)`, in SQL.
    private static func condition(allowing selection: EquipmentSelection) -> SQL {
        var alternatives: [SQL] = ["c.slug = \(EquipmentSelection.bodyweightCategory) AND e.equipment_item_id IS NULL"]
        let selected = selection.categories.sorted { $0.key < $1.key }
        let whole = selected.filter { $0.value == .all }.map(\.key)
        if !whole.isEmpty {
            alternatives.append("c.slug IN \(whole)")
        }
        for (category, items) in selected {
            guard case .only(let ticked) = items else { continue }
            if ticked.isEmpty {
                alternatives.append("c.slug = \(category) AND e.equipment_item_id IS NULL")
            } else {
                alternatives.append(
                    "c.slug = \(category) AND (e.equipment_item_id IS NULL OR i.slug IN \(ticked.sorted()))")
            }
        }
        return alternatives.map(parenthesized).joined(separator: " OR ")
    }

    private static func parenthesized(_ sql: SQL) -> SQL {
        "(\(sql))"
    }
}

extension ExerciseQuery {
    /// An exercise as the query selects it, before its secondary muscles and steps are added.
    struct Selected: Decodable, FetchableRecord {
        static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        var id: String
        var displayName: String
        var canonicalName: String
        var equipmentCategory: String
        var equipmentItem: String?
        var primaryMuscle: String
        var movementPattern: String
        var complexityLevel: Int
        var selectionTier: Int
        var isIsolation: Bool
        var includeInProgramme: Bool
        var videoUrl: String?
        var thumbnailUrl: String?
    }
}
