import Foundation
import GRDB
import SchemaMigrations

extension CatalogDatabase {
    /// Opens a catalogue database built by this schema version or an earlier one, as a copy in
    /// memory brought up to the latest schema by the shipped migrations: what comparing against
    /// a previous release needs once a new migration ships. The file is only read.
    ///
    /// A database newer than this library, or a file that is no catalogue (schema version 0),
    /// is refused (`database.schema_version`).
    public static func upgradedCopy(of path: String) throws -> CatalogDatabase {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CatalogDatabaseError(
                .databaseMissing, "no catalogue database at \(path); build it with `make db`", path: path)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "catalogue (read for an upgrade)"
        let memory: DatabaseQueue
        let version: Int
        do {
            let file = try DatabaseQueue(path: path, configuration: configuration)
            version = try file.read { db in try SchemaMigrator.currentVersion(db) }
            memory = try DatabaseQueue(configuration: Configuration())
            try file.backup(to: memory)
            try file.close()
        } catch {
            throw CatalogDatabaseError(
                .databaseUnreadable, "cannot read the catalogue database at \(path) (\(reason(error)))", path: path)
        }
        guard (1...CatalogSchema.latestVersion).contains(version) else {
            let found = version == 0 ? "has no catalogue schema" : "has schema version \(version)"
            throw CatalogDatabaseError(
                .schemaVersionMismatch,
                "the database at \(path) \(found); this traindb reads catalogues of schema version 1 to "
                    + "\(CatalogSchema.latestVersion)", path: path)
        }
        try CatalogSchema.migrator.migrate(memory)
        return CatalogDatabase(path: path, checkedQueue: memory)
    }
}
