import GRDB

/// `muscles`.
package struct MuscleRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "muscles"
    package var id: Int
    package var name: String
    package var slug: String
    /// `upper`, `lower` or `core`; nil only for a muscle carried over from the legacy schema.
    package var bodyRegion: String?

    package init(id: Int, name: String, slug: String, bodyRegion: String? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.bodyRegion = bodyRegion
    }

    package var subject: String { "muscle \"\(name)\"" }

    /// The columns queries order by.
    package enum Columns {
        static let name = Column(CodingKeys.name)
    }
}
