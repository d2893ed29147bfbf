import GRDB

extension CatalogDatabase {
    /// The questionnaire's equipment list: every category the catalogue's exercises use, with
    /// the items they use, both in the lookup sheet's order.
    public func equipmentCategories() throws -> [EquipmentCategory] {
        try read { db in
            let items = Dictionary(
                grouping: try EquipmentItemRecord.order(Column("category_id"), Column("position")).fetchAll(db),
                by: \.categoryId)
            return try EquipmentCategoryRecord.order(Column("position")).fetchAll(db).map { category in
                EquipmentCategory(
                    name: category.name, slug: category.slug,
                    items: (items[category.id] ?? []).map { EquipmentCategory.Item(name: $0.name, slug: $0.slug) })
            }
        }
    }

    /// Checks that every category and item of `selection` is in the catalogue, reporting all
    /// that are not (`query.unknown_equipment`) with the names it knows.
    public func check(_ selection: EquipmentSelection) throws {
        let known = try equipmentCategories()
        var problems: [String] = []
        for (category, items) in selection.categories.sorted(by: { $0.key < $1.key }) {
            guard let match = known.first(where: { $0.slug == category }) else {
                problems.append(
                    "unknown equipment category \"\(category)\"; the catalogue has: "
                        + known.map(\.slug).joined(separator: ", "))
                continue
            }
            guard case .only(let ticked) = items else { continue }
            for item in ticked.sorted() where !match.items.contains(where: { $0.slug == item }) {
                let has =
                    match.items.isEmpty
                    ? "it has no items" : "its items are: " + match.items.map(\.slug).joined(separator: ", ")
                problems.append("unknown item \"\(item)\" under \"\(category)\"; \(has)")
            }
        }
        guard problems.isEmpty else {
            throw CatalogDatabaseError(.unknownEquipment, problems.joined(separator: "\n"), path: path)
        }
    }
}
