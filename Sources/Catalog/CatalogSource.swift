/// A workbook a catalogue was built from, as the database's provenance records it.
public struct CatalogSource: Codable, Hashable, Sendable {
    public var fileName: String
    /// Lower-case hex SHA-256 of the file's bytes.
    public var sha256: String

    public init(fileName: String, sha256: String) {
        self.fileName = fileName
        self.sha256 = sha256
    }
}
