/// `movement_patterns`.
package struct MovementPatternRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "movement_patterns"
    package var id: Int
    package var name: String
    package var slug: String
    package var description: String

    package init(id: Int, name: String, slug: String, description: String) {
        self.id = id
        self.name = name
        self.slug = slug
        self.description = description
    }

    package var subject: String { "movement pattern \"\(name)\"" }
}
