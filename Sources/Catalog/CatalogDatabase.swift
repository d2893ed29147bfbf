import Foundation
import GRDB
import SchemaMigrations
import UserStore

/// A catalogue database opened read-only: what the app, the generator and the command line
/// query. Safe to share between threads.
public final class CatalogDatabase: Sendable {
    /// Where `make db` writes the database, relative to the repository.
    public static let defaultPath = "database-management/build/exercises.sqlite"

    /// The database file.
    public let path: String
    let queue: DatabaseQueue

    /// Opens the database at `path` read-only and checks that it has the schema this library
    /// reads.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw CatalogDatabaseError(
                .databaseMissing,
                "no catalogue database at \(path); build it with `make db`", path: path)
        }
        // A user's store or a foreign file is refused before SQLite opens it (a read-only open
        // of a store in write-ahead-log mode would leave files beside it).
        switch try? StoreFileContent.of(path: path) {
        case .store(let kind) where kind != .catalogue:
            throw CatalogDatabaseError(
                .databaseUnreadable, "\(path): this is \(kind.noun), not the exercise catalogue", path: path)
        case .foreign(let what):
            throw CatalogDatabaseError(
                .databaseUnreadable, "\(path): this is \(what), not the exercise catalogue", path: path)
        case .empty:
            throw CatalogDatabaseError(
                .databaseUnreadable, "\(path) is empty, not the exercise catalogue; build it with `make db`",
                path: path)
        default:
            break
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "catalogue"
        let version: Int
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            version = try queue.read { db in try SchemaMigrator.currentVersion(db) }
        } catch {
            throw CatalogDatabaseError(
                .databaseUnreadable,
                "cannot read the catalogue database at \(path) (\(Self.reason(error))); "
                    + "rebuild it with `make db`", path: path)
        }
        guard version == CatalogSchema.latestVersion else {
            throw CatalogDatabaseError(
                .schemaVersionMismatch,
                "the catalogue database at \(path) has schema version \(version) but this "
                    + "library reads version \(CatalogSchema.latestVersion); rebuild it with `make db`",
                path: path)
        }
    }

    /// A database already opened and checked (see `CatalogDatabase+Upgrade`).
    init(path: String, checkedQueue: DatabaseQueue) {
        self.path = path
        queue = checkedQueue
    }

    /// Runs a read, turning a database failure into an error naming the file.
    func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        do {
            return try queue.read(body)
        } catch let error as CatalogDatabaseError {
            throw error
        } catch {
            throw CatalogDatabaseError(
                .databaseUnreadable,
                "cannot read the catalogue database at \(path) (\(Self.reason(error)))", path: path)
        }
    }

    /// Who built the database, from which workbooks.
    public func provenance() throws -> CatalogProvenance {
        try read { db in
            let recorded = try CatalogueProvenanceRecord.fetchOne(db, key: 1)
            let sources = try CatalogueSourceRecord.order(CatalogueSourceRecord.Columns.fileName).fetchAll(db)
            return CatalogProvenance(
                toolVersion: recorded?.toolVersion,
                schemaVersion: try recorded?.schemaVersion ?? SchemaMigrator.currentVersion(db),
                sources: sources.map { CatalogSource(fileName: $0.fileName, sha256: $0.sha256) })
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}
