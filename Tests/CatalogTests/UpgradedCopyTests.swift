import Catalog
import Foundation
import GRDB
import TestSupport
import Testing

/// Comparing against a previous release must keep working once a new migration ships: an
/// older database is read into memory and upgraded there, never written.
@Suite("Opening an earlier release's database")
struct UpgradedCopyTests {
    /// A database at schema version 3 holding the old app's rows, as a release before 0004 left it.
    static func versionThreeDatabase(at path: String) throws {
        try CatalogSchema.migrator.migrate(databaseAt: path, upTo: 1)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: SchemaMigrationTests.legacyRows) }
        try queue.close()
        try CatalogSchema.migrator.migrate(databaseAt: path, upTo: 3)
    }

    @Test("an earlier schema version is read, upgraded in memory, and the file left as it was")
    func earlierVersionIsUpgradedInMemory() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("previous-release.sqlite")
            try Self.versionThreeDatabase(at: path)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

            let database = try CatalogDatabase.upgradedCopy(of: path)
            let exercises = try database.exercises()
            #expect(exercises.map(\.id) == ["ex_001", "ex_003", "ex_002"])
            #expect(exercises.allSatisfy { $0.selectionTier == 2 }, "0004's default tier, applied in memory")
            #expect(try database.provenance().schemaVersion == CatalogSchema.latestVersion)

            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file is never written")
            #expect(try directory.fileNames() == ["previous-release.sqlite"])
            let app = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase(path: path) }
            #expect(app?.code == "database.schema_version", "the app still refuses an old file")
        }
    }

    @Test("the latest version opens as it is")
    func latestVersionOpens() throws {
        let path = try CommittedCatalogue.databasePath()
        let upgraded = try CatalogDatabase.upgradedCopy(of: path)
        #expect(try upgraded.exercises() == (try CatalogDatabase(path: path).exercises()))
        #expect(try upgraded.contraindications().count > 100)
    }

    @Test("a newer database, or a file with no catalogue, is refused")
    func newerOrEmptyIsRefused() throws {
        try TemporaryDirectory.with { directory in
            let newer = directory.path("newer.sqlite")
            try CatalogSchema.migrator.migrate(databaseAt: newer)
            let queue = try DatabaseQueue(path: newer)
            try queue.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try queue.close()
            let future = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase.upgradedCopy(of: newer) }
            #expect(future?.code == "database.schema_version")
            #expect(future?.message.contains("schema version 99") == true)

            let empty = directory.path("empty.sqlite")
            try DatabaseQueue(path: empty).close()
            let none = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase.upgradedCopy(of: empty) }
            #expect(none?.message.contains("has no catalogue schema") == true)

            let missing = #expect(throws: CatalogDatabaseError.self) {
                try CatalogDatabase.upgradedCopy(of: directory.path("nowhere.sqlite"))
            }
            #expect(missing?.code == "database.missing")
        }
    }
}
