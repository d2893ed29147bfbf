import GRDB

/// Brings a store's database up to date with its migrations.
///
/// Each migration runs in its own transaction, is recorded (GRDB's `DatabaseMigrator`) and sets
/// `PRAGMA user_version` to its number, so a migration that fails leaves the database as the
/// previous one left it. Foreign keys are checked before each migration commits. A migration
/// with an `adoption` takes an existing, unrecorded table as its own result. Migrating to a
/// version below the database's is refused.
public struct SchemaMigrator: Sendable {
    public let migrations: [SchemaMigration]

    public init(migrations: [SchemaMigration]) {
        self.migrations = migrations
    }

    /// The schema version of a fully migrated database: the last migration's number.
    public var latestVersion: Int {
        migrations.last?.number ?? 0
    }

    /// Applies the migrations not yet applied, up to and including the one numbered `version`
    /// (all of them when nil).
    public func migrate(_ writer: some DatabaseWriter, upTo version: Int? = nil) throws {
        let numbers = try checkedNumbers()
        guard let target = version ?? numbers.last else { return }
        guard let targetIndex = numbers.firstIndex(of: target) else {
            throw SchemaMigrationError(
                .migrationFailed,
                "there is no migration \(target); the migrations are 1 to \(numbers.last ?? 0)")
        }
        let migrator = databaseMigrator()
        // A write transaction, as before migrations became reusable: SQLite counts it in the
        // file's change counter, part of the bytes a reproducible build must keep.
        let (current, applied) = try writer.write { db in
            (try Self.currentVersion(db), try migrator.appliedIdentifiers(db))
        }
        let lastAppliedIndex = migrations.lastIndex { applied.contains($0.identifier) } ?? -1
        if current > target || lastAppliedIndex > targetIndex {
            throw SchemaMigrationError(
                .versionMismatch,
                "the database is at schema version \(max(current, lastAppliedIndex + 1)), beyond version \(target); "
                    + "a schema is never migrated backwards")
        }
        do {
            try migrator.migrate(writer, upTo: migrations[targetIndex].identifier)
        } catch let error as DatabaseError {
            throw SchemaMigrationError(.migrationFailed, "a schema migration failed: \(error)")
        }
    }

    /// Opens the database file at `path` (creating it when missing), migrates it and closes it.
    public func migrate(databaseAt path: String, upTo version: Int? = nil) throws {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path)
        } catch {
            throw SchemaMigrationError(.unreadable, "cannot open \(path) to migrate it: \(error)")
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
                throw SchemaMigrationError(
                    .migrationFailed,
                    "migration \"\(migration.fileName)\" is out of sequence: expected number \(offset + 1)")
            }
            numbers.append(number)
        }
        return numbers
    }

    private func databaseMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            guard let number = migration.number else { continue }
            migrator.registerMigration(migration.identifier) { db in
                if let adoption = migration.adoption, try db.tableExists(adoption.table) {
                    try Self.check(adoption, db)
                } else {
                    try db.execute(sql: migration.sql)
                }
                try db.execute(sql: "PRAGMA user_version = \(number)")
            }
        }
        return migrator
    }

    /// An existing table is adopted only when it has every column the adoption names.
    private static func check(_ adoption: SchemaMigration.Adoption, _ db: Database) throws {
        let columns = try Set(db.columns(in: adoption.table).map(\.name))
        let missing = adoption.columns.filter { !columns.contains($0) }
        guard missing.isEmpty else {
            throw SchemaMigrationError(
                .migrationFailed,
                "the database has a \(adoption.table) table that is neither an older app's nor this "
                    + "toolchain's (missing \(missing.joined(separator: ", "))); it cannot be upgraded")
        }
    }
}
