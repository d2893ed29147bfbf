import GRDB

/// `joints`: the answers of the questionnaire's injury question.
package struct JointRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "joints"
    package var id: Int
    package var name: String
    package var slug: String

    package init(id: Int, name: String, slug: String) {
        self.id = id
        self.name = name
        self.slug = slug
    }

    package var subject: String { "joint \"\(name)\"" }

    /// The columns queries order by.
    package enum Columns {
        static let name = Column(CodingKeys.name)
    }
}
