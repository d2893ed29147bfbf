import Foundation
import GRDB
import GRDBSQLite
import SchemaMigrations
import Testing
import UserStore

/// The one way the user stores open their file and run their transactions: what a store's owner
/// sees when the file is bad, when SQLite refuses a statement, and when its own rule refuses.
struct UserStoreTests {
    struct OwnerError: Error, Equatable {
        var message: String
    }

    static let migrator = SchemaMigrator(migrations: [
        SchemaMigration(
            identifier: "0001_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);")
    ])

    static func open(_ path: String?) throws(OwnerError) -> UserStore<OwnerError> {
        try UserStore(
            path: path, kind: .journal, noun: "the notebook", migrator: migrator, failure: { OwnerError(message: $0) })
    }

    @Test func aNewFileIsMigratedAndKeepsWhatWasWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.sqlite").path
        try Self.open(path).write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('squat day')") }
        let reopened = try Self.open(path)
        #expect(try reopened.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } == ["squat day"])
        #expect(try reopened.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        // 16 MiB of pages kept (SQLite's default, 2 MB, is less than five years of a training log).
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") } == -16_384)
    }

    @Test func aFileThatIsNotADatabaseIsTheOwnersErrorNamingItAndLeftAsItWas() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).sqlite").path
        let bytes = Data(repeating: 0x41, count: 4096)
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: OwnerError(message: "\(path): this is not an SQLite database, not a fitness journal")) {
            _ = try Self.open(path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func sqliteRefusingAStatementNamesTheStore() throws {
        let store = try Self.open(nil)
        #expect(throws: OwnerError(message: "the notebook in memory failed: NOT NULL constraint failed: notes.text")) {
            try store.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES (NULL)") }
        }
    }

    @Test func theOwnersOwnErrorPassesThroughAndRollsBack() throws {
        let store = try Self.open(nil)
        #expect(throws: OwnerError(message: "no notes on rest days")) {
            try store.write { db in
                try db.execute(sql: "INSERT INTO notes (text) VALUES ('rest')")
                throw OwnerError(message: "no notes on rest days")
            }
        }
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } == 0)
    }

    /// How often SQLite compiled `sql`'s cached statement again since it was first compiled: an
    /// expired statement is compiled again at its next step.
    static func compiledAgain(_ sql: String, _ store: UserStore<OwnerError>) throws -> Int32 {
        try store.write { db in
            sqlite3_stmt_status(try db.cachedStatement(sql: sql).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
    }

    @Test("reads leave the statements the connection holds compiled")
    func readsLeaveCompiledStatementsCompiled() throws {
        let store = try Self.open(nil)
        let insert = "INSERT INTO notes (text) VALUES (?)"
        for text in ["squat", "bench", "deadlift"] {
            try store.write { db in try db.cachedStatement(sql: insert).execute(arguments: [text]) }
            #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } ?? 0 > 0)
        }
        #expect(try Self.compiledAgain(insert, store) == 0)
    }

    @Test(
        "a read that writes (a row, the schema, a pragma's value) is refused, and nothing it wrote is kept",
        arguments: [
            "UPDATE notes SET text = 'press'", "CREATE TABLE plates (kg REAL)", "PRAGMA user_version = 9",
            "CREATE TEMP TABLE scratch (a)",
        ])
    func aReadThatWritesIsRefused(_ write: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.sqlite").path
        let store = try Self.open(path)
        try store.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('squat')") }
        let error = #expect(throws: OwnerError.self) {
            try store.read { db in try db.execute(sql: write) }
        }
        #expect(error?.message == "the notebook \(path) failed: a read wrote to the store; nothing it wrote was kept")
        let (texts, tables, version) = try store.read { db in
            (
                try String.fetchAll(db, sql: "SELECT text FROM notes"),
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master UNION ALL SELECT name FROM temp.sqlite_master"),
                try Int.fetchOne(db, sql: "PRAGMA user_version")
            )
        }
        #expect(texts == ["squat"] && !tables.contains("plates") && !tables.contains("scratch") && version != 9)
    }
}
