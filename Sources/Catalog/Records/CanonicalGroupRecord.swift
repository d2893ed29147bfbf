/// `canonical_groups`: the swap groups.
package struct CanonicalGroupRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "canonical_groups"
    package var id: Int
    package var name: String

    package init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    package var subject: String { "canonical group \"\(name)\"" }
}
