import Catalog
import CatalogBuild

/// The exercise workbook's lookup sheets, read and checked. They only check the master; the
/// database keeps the values the exercises use.
struct LookupSheets {
    var equipment: [CatalogContent.EquipmentPair] = []
    var muscles: [CatalogContent.Muscle] = []
    var movementPatterns: [CatalogContent.MovementPattern] = []
    var complexityLevels: [CatalogContent.ComplexityLevel] = []
    var selectionTiers: [CatalogContent.SelectionTier] = []
    private(set) var problems: [Problem] = []

    /// Reads whichever lookup sheets are present (a missing one is reported by the caller).
    init(tables: [String: SheetTable]) {
        if let table = tables["lookup_equipment"] { readEquipment(table) }
        if let table = tables["lookup_muscles"] { readMuscles(table) }
        if let table = tables["lookup_movement_patterns"] { readPatterns(table) }
        if let table = tables["lookup_complexity"] { readComplexity(table) }
        if let table = tables["lookup_selection_tier"] { readSelectionTiers(table) }
    }

    private mutating func readEquipment(_ table: SheetTable) {
        let reader = FieldReader(table: table)
        let categoryColumn = table.column("equipment_category")
        let itemColumn = table.column("equipment_specific")
        var seen: [String: Int] = [:]
        for record in table.records {
            let item = reader.text(record, itemColumn)
            guard let categoryColumn, let category = reader.text(record, categoryColumn) else {
                if let categoryColumn {
                    reader.report(.error, .requiredMissing, record, categoryColumn, value: nil,
                                  message: "equipment_category is required but empty",
                                  hint: item.map { "which category does \(quoted: $0) belong to?" })
                }
                continue
            }
            let key = SheetTable.normalise(category) + "\u{1F}" + SheetTable.normalise(item ?? "")
            if let first = seen[key] {
                reader.report(.warning, .lookupDuplicate, record, categoryColumn, value: category,
                              message: "(\(shown: category), \(shown: item ?? "no item")) is listed twice",
                              hint: "the first is on row \(first); remove one")
                continue
            }
            seen[key] = record.number
            equipment.append(.init(category: category, item: item))
        }
        problems += reader.problems
    }

    private mutating func readMuscles(_ table: SheetTable) {
        var reader = FieldReader(table: table)
        let regionColumn = table.column("body_region")
        for (record, name) in Self.distinctRows(table, key: "muscle_group", &reader) {
            let region = reader.text(record, regionColumn)?.lowercased() ?? ""
            if !WorkbookContract.bodyRegions.contains(region), let regionColumn {
                reader.report(.error, .lookupInvalid, record, regionColumn, value: region,
                              message: "body_region of \(quoted: name) must be upper, lower or core, "
                                  + "found \(quoted: region)")
                continue
            }
            muscles.append(.init(name: name, bodyRegion: region))
        }
        problems += reader.problems
    }

    private mutating func readPatterns(_ table: SheetTable) {
        var reader = FieldReader(table: table)
        let descriptionColumn = table.column("description")
        for (record, name) in Self.distinctRows(table, key: "movement_pattern", &reader) {
            movementPatterns.append(.init(name: name, description: reader.text(record, descriptionColumn) ?? ""))
        }
        problems += reader.problems
    }

    /// The rows whose `key` value is filled and not seen before; a repeat is a warning.
    private static func distinctRows(
        _ table: SheetTable, key: String, _ reader: inout FieldReader
    ) -> [(record: SheetTable.Record, name: String)] {
        guard let column = table.column(key) else { return [] }
        var seen: Set<String> = []
        var rows: [(record: SheetTable.Record, name: String)] = []
        for record in table.records {
            guard let name = reader.text(record, column) else { continue }
            guard seen.insert(SheetTable.normalise(name)).inserted else {
                reader.report(.warning, .lookupDuplicate, record, column, value: name,
                              message: "\(key) \(quoted: name) is listed twice")
                continue
            }
            rows.append((record, name))
        }
        return rows
    }

    private mutating func readComplexity(_ table: SheetTable) {
        complexityLevels = readLevels(table, key: "complexity_level", range: 1...4).map {
            .init(level: $0.level, label: $0.label, description: $0.description)
        }
    }

    private mutating func readSelectionTiers(_ table: SheetTable) {
        selectionTiers = readLevels(table, key: "selection_tier", range: 1...3).map {
            .init(tier: $0.level, label: $0.label, description: $0.description)
        }
    }

    /// A numbered lookup (`complexity_level`, `selection_tier`): each number in `range` once,
    /// with its label and description. A number out of range is an error, a repeat a warning.
    private mutating func readLevels(
        _ table: SheetTable, key: String, range: ClosedRange<Int>
    ) -> [(level: Int, label: String, description: String)] {
        let reader = FieldReader(table: table)
        defer { problems += reader.problems }
        guard let column = table.column(key) else { return [] }
        var seen: Set<Int> = []
        var levels: [(level: Int, label: String, description: String)] = []
        for record in table.records {
            guard let level = reader.integer(record, column) else { continue }
            guard range.contains(level) else {
                reader.report(.error, .lookupInvalid, record, column, value: String(level),
                              message: "\(key) must be \(range.lowerBound) to \(range.upperBound), found \(level)")
                continue
            }
            guard seen.insert(level).inserted else {
                reader.report(.warning, .lookupDuplicate, record, column, value: String(level),
                              message: "\(key) \(level) is listed twice")
                continue
            }
            levels.append((
                level, reader.text(record, table.column("label")) ?? "",
                reader.text(record, table.column("description")) ?? ""))
        }
        return levels
    }
}
