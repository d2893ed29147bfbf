/// `joints`: the answers of the questionnaire's injury question.
package struct JointRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "joints"
    package var id: Int
    package var name: String
    package var slug: String

    package var subject: String { "joint \"\(name)\"" }
}
