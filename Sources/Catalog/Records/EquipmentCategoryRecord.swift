import GRDB

/// `equipment_categories`: the questionnaire's top level of equipment, in display order.
package struct EquipmentCategoryRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "equipment_categories"
    package var id: Int
    package var name: String
    package var slug: String
    package var position: Int

    package init(id: Int, name: String, slug: String, position: Int) {
        self.id = id
        self.name = name
        self.slug = slug
        self.position = position
    }

    package var subject: String { "equipment category \"\(name)\"" }

    /// The columns queries order by.
    package enum Columns {
        static let position = Column(CodingKeys.position)
    }
}
