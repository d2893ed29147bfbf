import GRDB

/// Brings a database's schema up to date with the shipped migrations.
///
/// Each migration runs in its own transaction, is recorded (GRDB's `grdb_migrations` table) and
/// sets `PRAGMA user_version` to its number, so a migration that fails leaves the database as the
/// previous one left it. Foreign keys are checked before each migration commits.
///
/// A database made by the old app (its `exercises` table, never migrated by this toolchain) is
/// adopted as being at version 1, then upgraded like any other.
public struct SchemaMigrator: Sendable {
    public let migrations: [SchemaMigration]

    public init(migrations: [SchemaMigration] = SchemaMigration.shipped) {
        self.migrations = migrations
    }

    /// Applies the migrations not yet applied, up to and including the one numbered `version`
    /// (all of them when nil).
    public func migrate(_ writer: some DatabaseWriter, upTo version: Int? = nil) throws {
        let numbers = try checkedNumbers()
        guard let target = version ?? numbers.last else { return }
        guard let targetIndex = numbers.firstIndex(of: target) else {
            throw CatalogDatabaseError(
                .migrationFailed,
                "there is no migration \(target); the shipped migrations are 1 to \(numbers.last ?? 0)")
        }
        let (current, lastAppliedIndex) = try writer.write { db in
            try adoptLegacyDatabase(db)
            var lastAppliedIndex = -1
            if try db.tableExists("grdb_migrations") {
                let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                lastAppliedIndex = migrations.lastIndex { applied.contains($0.identifier) } ?? -1
            }
            return (try Self.currentVersion(db), lastAppliedIndex)
        }
        if current > target || lastAppliedIndex > targetIndex {
            throw CatalogDatabaseError(
                .schemaVersionMismatch,
                "the database is at schema version \(max(current, lastAppliedIndex + 1)), beyond version \(target); "
                    + "a schema is never migrated backwards")
        }
        do {
            try databaseMigrator().migrate(writer, upTo: migrations[targetIndex].identifier)
        } catch let error as DatabaseError {
            throw CatalogDatabaseError(.migrationFailed, "a schema migration failed: \(error)")
        }
    }

    /// Opens the database file at `path` (creating it when missing), migrates it and closes it.
    public func migrate(databaseAt path: String, upTo version: Int? = nil) throws {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path)
        } catch {
            throw CatalogDatabaseError(
                .databaseUnreadable, "cannot open \(path) to migrate it: \(error)", path: path)
        }
        defer { try? queue.close() }
        try migrate(queue, upTo: version)
    }

    /// The number of the last migration applied to the database (`PRAGMA user_version`).
    public static func currentVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    }

    // MARK: - Internals

    /// The migration numbers, checked to run 1, 2, 3 … in list order.
    private func checkedNumbers() throws -> [Int] {
        var numbers: [Int] = []
        for (offset, migration) in migrations.enumerated() {
            guard let number = migration.number, number == offset + 1 else {
                throw CatalogDatabaseError(
                    .migrationFailed,
                    "migration \"\(migration.fileName)\" is out of sequence: expected number \(offset + 1)")
            }
            numbers.append(number)
        }
        return numbers
    }

    private func databaseMigrator() throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            guard let number = migration.number else { continue }
            let sql = migration.sql
            migrator.registerMigration(migration.identifier) { db in
                try db.execute(sql: sql)
                try db.execute(sql: "PRAGMA user_version = \(number)")
            }
        }
        return migrator
    }

    /// Marks a database made by the old app as being at version 1: it has the legacy
    /// `exercises` table but no record of migrations.
    private func adoptLegacyDatabase(_ db: Database) throws {
        guard let first = migrations.first, first.identifier == Self.legacyIdentifier,
            try !db.tableExists("grdb_migrations"),
            try Self.currentVersion(db) == 0,
            try db.tableExists("exercises")
        else { return }
        let columns = try Set(db.columns(in: "exercises").map(\.name))
        let missing = Self.legacyColumns.filter { !columns.contains($0) }
        guard missing.isEmpty else {
            throw CatalogDatabaseError(
                .migrationFailed,
                "the database has an exercises table that is neither the old app's nor this "
                    + "toolchain's (missing \(missing.joined(separator: ", "))); it cannot be upgraded")
        }
        try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        try db.execute(
            sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [first.identifier])
        try db.execute(sql: "PRAGMA user_version = 1")
    }

    private static let legacyIdentifier = "0001_legacy_exercises"
    private static let legacyColumns = [
        "exercise_id", "exercise_name", "video_url", "thumbnail_url", "primary_muscles",
        "secondary_muscles", "equipment_needed", "instructions", "difficulty",
    ]
}
