import GRDB
import SchemaMigrations
import Testing

/// The machinery any store reuses: its own ordered plain-SQL migrations, applied one
/// transaction each, recorded, never backwards; an older app's table adopted in place.
@Suite("SchemaMigrator, for any store")
struct SchemaMigratorTests {
    /// A store other than the catalogue: a training log, say.
    static let store = [
        SchemaMigration(
            identifier: "0001_sets", sql: "CREATE TABLE sets (id INTEGER PRIMARY KEY, reps INTEGER NOT NULL);",
            adopting: .init(table: "sets", columns: ["id", "reps"])),
        SchemaMigration(identifier: "0002_set_weight", sql: "ALTER TABLE sets ADD COLUMN weight INTEGER;"),
    ]

    @Test("a store's migrations apply in order, each recorded, user_version following")
    func appliesInOrder() throws {
        let queue = try DatabaseQueue()
        let migrator = SchemaMigrator(migrations: Self.store)
        try migrator.migrate(queue, upTo: 1)
        #expect(try queue.read(SchemaMigrator.currentVersion) == 1)
        try migrator.migrate(queue)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == 2)
            #expect(try db.columns(in: "sets").map(\.name) == ["id", "reps", "weight"])
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    == ["0001_sets", "0002_set_weight"])
        }
        #expect(migrator.latestVersion == 2)
    }

    @Test("an older app's table with the adopted columns is kept, rows and all, and upgraded")
    func adoptsAnExistingTable() throws {
        let queue = try DatabaseQueue()
        try queue.write { db throws in
            try db.execute(
                sql:
                    "CREATE TABLE sets (id INTEGER PRIMARY KEY, reps INTEGER NOT NULL); INSERT INTO sets VALUES (1, 8);"
            )
        }
        try SchemaMigrator(migrations: Self.store).migrate(queue)
        try queue.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT reps FROM sets WHERE id = 1") == 8)
            #expect(try SchemaMigrator.currentVersion(db) == 2)
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").count == 2)
        }
    }

    @Test("a table of the same name but other columns is refused and left as it was")
    func refusesAForeignTable() throws {
        let queue = try DatabaseQueue()
        try queue.write { db throws in try db.execute(sql: "CREATE TABLE sets (name TEXT)") }
        let error = #expect(throws: SchemaMigrationError.self) {
            try SchemaMigrator(migrations: Self.store).migrate(queue)
        }
        #expect(error?.code == "schema.migration_failed")
        #expect(error?.message.contains("missing id, reps") == true)
        try queue.read { db throws in
            #expect(try SchemaMigrator.currentVersion(db) == 0)
            #expect(try db.columns(in: "sets").map(\.name) == ["name"])
        }
    }

    @Test("numbers must run 1, 2, 3 … in list order")
    func numbersAreChecked() throws {
        let gap = [Self.store[0], SchemaMigration(identifier: "0003_gap", sql: "SELECT 1;")]
        let error = #expect(throws: SchemaMigrationError.self) {
            try SchemaMigrator(migrations: gap).migrate(try DatabaseQueue())
        }
        #expect(error?.message.contains("0003_gap.sql") == true)
    }

    @Test("a database ahead of the migrations asked for is refused")
    func neverBackwards() throws {
        let queue = try DatabaseQueue()
        try SchemaMigrator(migrations: Self.store).migrate(queue)
        let error = #expect(throws: SchemaMigrationError.self) {
            try SchemaMigrator(migrations: Self.store).migrate(queue, upTo: 1)
        }
        #expect(error?.code == "database.schema_version")
    }
}
