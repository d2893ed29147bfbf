import GRDB

/// `catalogue_sources`: the workbooks the catalogue was built from.
package struct CatalogueSourceRecord: CatalogRecord, Hashable {
    package static let databaseTableName = "catalogue_sources"
    package var fileName: String
    /// Lower-case hex SHA-256 of the file's bytes.
    package var sha256: String

    package init(fileName: String, sha256: String) {
        self.fileName = fileName
        self.sha256 = sha256
    }

    package var subject: String { "source \"\(fileName)\"" }

    package enum Columns {
        static let fileName = Column("file_name")
    }
}
