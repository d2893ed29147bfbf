import Foundation
import GRDB
import SchemaMigrations
import Testing
import UserStore

/// What a store's owner sees when the file system misbehaves: a FIFO where the store should be,
/// a creation that never finished, a store that a newer TrainDB wrote, a damaged page, a full disk.
struct UserStoreFaultTests {
    static let migrator = UserStoreTests.migrator

    static func open(_ path: String, readOnly: Bool = false, migrator: SchemaMigrator = migrator) throws(StoreFailure)
        -> UserStore<StoreFailure>
    {
        try UserStore(
            path: path, kind: .journal, noun: "the notebook", migrator: migrator, readOnly: readOnly,
            storeFailure: { $0 })
    }

    static func withFolder(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// Opening a FIFO for reading waits for a writer: a store that tried would never return.
    @Test func aFIFOIsRefusedAtOnceForWritingAndForReading() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            #expect(mkfifo(path, 0o644) == 0)
            for readOnly in [false, true] {
                let finished = DispatchSemaphore(value: 0)
                let outcome = Outcome()
                Thread.detachNewThread {
                    do {
                        _ = try Self.open(path, readOnly: readOnly)
                        outcome.set(nil)
                    } catch {
                        outcome.set(error)
                    }
                    finished.signal()
                }
                if finished.wait(timeout: .now() + 10) == .timedOut {
                    // Releases the thread that waits on the FIFO: open it for writing.
                    let writer = openForWriting(path)
                    Issue.record("opening a FIFO (readOnly: \(readOnly)) did not return within 10 s")
                    _ = finished.wait(timeout: .now() + 10)
                    if writer >= 0 { close(writer) }
                    continue
                }
                let failure = try #require(outcome.value)
                #expect(failure.reason == .notAFile)
                #expect(failure.message == "\(path) is a FIFO, not a file: a store is a file")
            }
        }
    }

    @Test func aDirectoryIsRefusedAsNotAFile() throws {
        try Self.withFolder { directory in
            let error = #expect(throws: StoreFailure.self) { _ = try Self.open(directory.path) }
            #expect(error?.reason == .notAFile)
            #expect(error?.message == "\(directory.path) is a directory, not a file: a store is a file")
        }
    }

    /// What a creation killed before its first migration committed left behind (one run in 30 of
    /// `kill -9` during a first command): an SQLite file holding an empty migrations table.
    @Test func aCreationKilledBeforeItsFirstMigrationIsFinishedByTheNextOpen() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let leftover = try DatabaseQueue(path: path)
            try leftover.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            }
            try leftover.close()
            let store = try Self.open(path)
            try store.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('bench')") }
            #expect(try store.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } == ["bench"])
        }
    }

    /// A creation that fails (here a migration SQLite refuses, as a kill or a full disk would
    /// stop one) leaves no store at all, not a store that later commands refuse.
    @Test func aCreationThatFailsLeavesNoFile() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let broken = SchemaMigrator(migrations: [
                Self.migrator.migrations[0],
                SchemaMigration(identifier: "0002_broken", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY);"),
            ])
            #expect(throws: StoreFailure.self) { _ = try Self.open(path, migrator: broken) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
            _ = try Self.open(path)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.sqlite"])
        }
    }

    @Test func aStoreANewerTrainDBWroteIsRefusedForReadingAsForWriting() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            try Self.open(path).write { db in try db.execute(sql: "PRAGMA user_version = 7") }
            for readOnly in [true, false] {
                let error = #expect(throws: StoreFailure.self) { _ = try Self.open(path, readOnly: readOnly) }
                #expect(error?.reason == .newerSchema, "readOnly: \(readOnly)")
                #expect(
                    error?.message == "the notebook \(path) is at schema version 7, newer than this traindb knows "
                        + "(1): a newer TrainDB wrote it; update traindb to use it")
            }
        }
    }

    @Test func aDamagedPageIsRefusedForReadingAsForWriting() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let store = try Self.open(path)
            try store.write { db in
                for index in 0..<2000 {
                    try db.execute(sql: "INSERT INTO notes (text) VALUES (?)", arguments: ["note \(index)"])
                }
            }
            try store.queue.close()
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size - 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 2000))
            try handle.close()
            for readOnly in [true, false] {
                let error = #expect(throws: StoreFailure.self) { _ = try Self.open(path, readOnly: readOnly) }
                #expect(error?.reason == .damaged, "readOnly: \(readOnly)")
                #expect(
                    error?.message.hasPrefix("the notebook \(path) is damaged: ") == true,
                    "\(String(describing: error))")
            }
        }
    }

    /// SQLite says "database or disk is full"; the store says which, and that nothing was saved.
    @Test func aFullDiskIsCalledFullNotUnreadable() throws {
        try Self.withFolder { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            let store = try Self.open(path)
            let pages = try store.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
            try store.queue.inDatabase { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)") }
            let error = #expect(throws: StoreFailure.self) {
                try store.write { db in
                    for _ in 0..<100 {
                        try db.execute(
                            sql: "INSERT INTO notes (text) VALUES (?)", arguments: [String(repeating: "x", count: 4000)]
                        )
                    }
                }
            }
            #expect(error?.reason == .diskFull)
            #expect(
                error?.message == "the notebook \(path) failed: the disk is full; nothing was saved "
                    + "(free some space and retry)")
            #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } == 0)
        }
    }
}

/// A value set on one thread and read on another after a semaphore.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StoreFailure?
    private var isSet = false

    func set(_ error: (any Error)?) {
        lock.withLock {
            stored = error as? StoreFailure
            isSet = true
        }
    }

    var value: StoreFailure? { lock.withLock { stored } }
}

/// Opens `path` for writing without waiting for a reader.
private func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_NONBLOCK)
}
