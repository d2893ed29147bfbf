/// What built a catalogue database: the toolchain, the schema and the workbooks. It holds no
/// time, so the same workbooks always give the same database.
public struct CatalogProvenance: Codable, Hashable, Sendable {
    /// The traindb version that wrote the database; nil for a database upgraded from the old
    /// app's schema and not rebuilt since.
    public var toolVersion: String?
    /// The schema version (the last migration's number).
    public var schemaVersion: Int
    /// The source workbooks, by file name.
    public var sources: [CatalogSource]

    public init(toolVersion: String?, schemaVersion: Int, sources: [CatalogSource]) {
        self.toolVersion = toolVersion
        self.schemaVersion = schemaVersion
        self.sources = sources
    }
}
