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

    /// The columns as the table spells them (rather than converted per row).
    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .useDefaultKeys }
    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .useDefaultKeys }

    enum CodingKeys: String, CodingKey {
        case fileName = "file_name", sha256
    }

    /// The columns queries order by.
    package enum Columns {
        static let fileName = Column(CodingKeys.fileName)
    }
}
