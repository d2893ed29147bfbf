import GRDB

extension CatalogDatabase {
    /// The questionnaire's equipment list: every category the catalogue's exercises use, with
    /// the items they use, both in the lookup sheet's order.
    public func equipmentCategories() throws -> [EquipmentCategory] {
        typealias Item = EquipmentItemRecord.Columns
        return try read { db in
            let items = Dictionary(
                grouping: try EquipmentItemRecord.order(Item.categoryId, Item.position).fetchAll(db),
                by: \.categoryId)
            let categories = try EquipmentCategoryRecord.order(EquipmentCategoryRecord.Columns.position).fetchAll(db)
            return categories.map { category in
                EquipmentCategory(
                    name: category.name, slug: category.slug,
                    items: (items[category.id] ?? []).map { EquipmentCategory.Item(name: $0.name, slug: $0.slug) })
            }
        }
    }

    /// The selection that equipment entries as a person typed them make (`category` or
    /// `category:item`, by name or slug), after checking that the catalogue has every category
    /// and item they name. Every one it lacks is reported (`query.unknown_equipment`), as typed,
    /// with the slugs it knows.
    public func equipmentSelection(entries: [String]) throws -> EquipmentSelection {
        let known = try equipmentCategories()
        var problems: [String] = []
        for entry in entries {
            let (category, item) = EquipmentSelection.parse(entry: entry)
            guard let match = known.first(where: { $0.slug == category.slug }) else {
                problems.append(
                    "unknown equipment category \"\(category)\"; the catalogue has: "
                        + known.map(\.slug).joined(separator: ", "))
                continue
            }
            if let item, !match.items.contains(where: { $0.slug == item.slug }) {
                let has =
                    match.items.isEmpty
                    ? "it has no items" : "its items are: " + match.items.map(\.slug).joined(separator: ", ")
                problems.append("unknown item \"\(item)\" under \"\(category)\"; \(has)")
            }
        }
        guard problems.isEmpty else {
            throw CatalogDatabaseError(.unknownEquipment, problems.joined(separator: "\n"), path: path)
        }
        return EquipmentSelection(entries: entries)
    }
}
