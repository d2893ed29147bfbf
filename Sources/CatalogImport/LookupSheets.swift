import Catalog

/// The exercise workbook's lookup sheets, read and checked. They only check the master; the
/// database keeps the values the exercises use.
struct LookupSheets {
    var equipment: [CatalogContent.EquipmentPair] = []
    var muscles: [CatalogContent.Muscle] = []
    var movementPatterns: [CatalogContent.MovementPattern] = []
    var complexityLevels: [CatalogContent.ComplexityLevel] = []
    private(set) var problems: [Problem] = []

    /// Items of each category, keyed by the category as written.
    var itemsByCategory: [String: [String]] {
        var items: [String: [String]] = [:]
        for pair in equipment {
            items[pair.category, default: []] += pair.item.map { [$0] } ?? []
        }
        return items
    }

    /// Reads whichever lookup sheets are present (a missing one is reported by the caller).
    init(tables: [String: SheetTable]) {
        if let table = tables["lookup_equipment"] { readEquipment(table) }
        if let table = tables["lookup_muscles"] { readMuscles(table) }
        if let table = tables["lookup_movement_patterns"] { readPatterns(table) }
        if let table = tables["lookup_complexity"] { readComplexity(table) }
    }

    private mutating func readEquipment(_ table: SheetTable) {
        var reader = FieldReader(table: table)
        let categoryColumn = table.column("equipment_category")
        let itemColumn = table.column("equipment_specific")
        var seen: [String: Int] = [:]
        for record in table.records {
            let item = reader.text(record, itemColumn)
            guard let categoryColumn, let category = reader.text(record, categoryColumn) else {
                if let categoryColumn {
                    reader.report(.error, .requiredMissing, record, categoryColumn, value: nil,
                                  message: "equipment_category is required but empty",
                                  hint: item.map { "which category does \"\($0)\" belong to?" })
                }
                continue
            }
            let key = SheetTable.normalise(category) + "\u{1F}" + SheetTable.normalise(item ?? "")
            if let first = seen[key] {
                reader.report(.warning, .lookupDuplicate, record, categoryColumn, value: category,
                              message: "(\(category), \(item ?? "no item")) is listed twice",
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
        let nameColumn = table.column("muscle_group")
        let regionColumn = table.column("body_region")
        var seen: Set<String> = []
        for record in table.records {
            guard let nameColumn, let name = reader.text(record, nameColumn) else { continue }
            guard seen.insert(SheetTable.normalise(name)).inserted else {
                reader.report(.warning, .lookupDuplicate, record, nameColumn, value: name,
                              message: "muscle_group \"\(name)\" is listed twice")
                continue
            }
            let region = reader.text(record, regionColumn)?.lowercased() ?? ""
            if !WorkbookContract.bodyRegions.contains(region), let regionColumn {
                reader.report(.error, .lookupInvalid, record, regionColumn, value: region,
                              message: "body_region of \"\(name)\" must be upper, lower or core, found \"\(region)\"")
                continue
            }
            muscles.append(.init(name: name, bodyRegion: region))
        }
        problems += reader.problems
    }

    private mutating func readPatterns(_ table: SheetTable) {
        var reader = FieldReader(table: table)
        let nameColumn = table.column("movement_pattern")
        let descriptionColumn = table.column("description")
        var seen: Set<String> = []
        for record in table.records {
            guard let nameColumn, let name = reader.text(record, nameColumn) else { continue }
            guard seen.insert(SheetTable.normalise(name)).inserted else {
                reader.report(.warning, .lookupDuplicate, record, nameColumn, value: name,
                              message: "movement_pattern \"\(name)\" is listed twice")
                continue
            }
            movementPatterns.append(.init(name: name, description: reader.text(record, descriptionColumn) ?? ""))
        }
        problems += reader.problems
    }

    private mutating func readComplexity(_ table: SheetTable) {
        var reader = FieldReader(table: table)
        let levelColumn = table.column("complexity_level")
        var seen: Set<Int> = []
        for record in table.records {
            guard let levelColumn, let level = reader.integer(record, levelColumn) else { continue }
            guard (1...4).contains(level) else {
                reader.report(.error, .lookupInvalid, record, levelColumn, value: String(level),
                              message: "complexity_level must be 1 to 4, found \(level)")
                continue
            }
            guard seen.insert(level).inserted else {
                reader.report(.warning, .lookupDuplicate, record, levelColumn, value: String(level),
                              message: "complexity_level \(level) is listed twice")
                continue
            }
            complexityLevels.append(.init(
                level: level, label: reader.text(record, table.column("label")) ?? "",
                description: reader.text(record, table.column("description")) ?? ""))
        }
        problems += reader.problems
    }
}
