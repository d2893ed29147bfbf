/// `catalogue_provenance`: what built the database, in its one row.
package struct CatalogueProvenanceRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "catalogue_provenance"
    package var id = 1
    package var toolVersion: String
    package var schemaVersion: Int

    package init(toolVersion: String, schemaVersion: Int) {
        self.toolVersion = toolVersion
        self.schemaVersion = schemaVersion
    }

    package var subject: String { "the provenance" }
}
