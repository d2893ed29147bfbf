import GRDB

/// `equipment_items`: the items a category expands to, identified by (category, item).
package struct EquipmentItemRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "equipment_items"
    package var id: Int
    package var categoryId: Int
    package var name: String
    package var slug: String
    /// Display order within the category.
    package var position: Int

    package init(id: Int, categoryId: Int, name: String, slug: String, position: Int) {
        self.id = id
        self.categoryId = categoryId
        self.name = name
        self.slug = slug
        self.position = position
    }

    package var subject: String { "equipment item \"\(name)\"" }

    package enum Columns {
        static let categoryId = Column("category_id")
        static let position = Column("position")
    }
}
