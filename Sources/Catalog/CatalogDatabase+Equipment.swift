import GRDB

extension CatalogDatabase {
    /// The questionnaire's equipment list: every category the catalogue's exercises use, with
    /// the items they use, both in the lookup sheet's order.
    public func equipmentCategories() throws -> [EquipmentCategory] {
        try read { db in
            var categories: [EquipmentCategory] = []
            var indexByID: [Int: Int] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT id, name, slug FROM equipment_categories ORDER BY position")
            {
                indexByID[try row.decode(forColumn: "id")] = categories.count
                categories.append(
                    EquipmentCategory(
                        name: try row.decode(forColumn: "name"), slug: try row.decode(forColumn: "slug"),
                        items: []))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT category_id, name, slug FROM equipment_items ORDER BY category_id, position")
            {
                guard let index = indexByID[try row.decode(forColumn: "category_id")] else { continue }
                categories[index].items.append(
                    EquipmentCategory.Item(
                        name: try row.decode(forColumn: "name"), slug: try row.decode(forColumn: "slug")))
            }
            return categories
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
