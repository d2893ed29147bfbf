/// `contraindications`: a canonical group that may aggravate an injured joint, and why.
package struct ContraindicationRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "contraindications"
    package var canonicalGroupId: Int
    package var jointId: Int
    package var notes: String

    package init(canonicalGroupId: Int, jointId: Int, notes: String) {
        self.canonicalGroupId = canonicalGroupId
        self.jointId = jointId
        self.notes = notes
    }

    package var subject: String { "a contraindication" }
}
