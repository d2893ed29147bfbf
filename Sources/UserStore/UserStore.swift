import Foundation
import GRDB
import GRDBSQLite
import SchemaMigrations

/// A user's own database for one of the app-facing stores (the training log, GymTrack, the
/// fitness journal): a file in write-ahead-log mode, or memory, with the store's migrations
/// applied, and its transactions.
///
/// Opening checks the file before writing a byte: a file of another kind (`…: this is a
/// GymTrack store, not a training log`), a foreign or damaged file is refused and left as it
/// was. A store opened `readOnly` is never created or changed, and may be a read-only file.
///
/// Several processes may use one store at once (an app, its widget, a background sync): a
/// write waits up to `busyTimeout` for another process's write to finish (writes take the lock
/// when they begin, so waiting is always possible), and reads never wait for writes. An open
/// of an up-to-date store takes no write lock.
///
/// Durable against a crash of the app or the process: a transaction is acknowledged once it is
/// in the write-ahead log (`synchronous = NORMAL`); a power cut can lose the last ones.
///
/// Failures come back as the owner's own error, made by `failure` from a message that names
/// the store (`cannot open the journal me.sqlite: disk I/O error`); an owner's error thrown
/// inside a transaction passes through unchanged.
///
/// ```swift
/// let store = try UserStore(
///     path: path, kind: .journal, noun: "the journal", migrator: FitnessJournalSchema.migrator,
///     failure: { JournalError(.storeUnreadable, $0) })
/// let count = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM workouts") }
/// ```
public struct UserStore<Failure: Error>: Sendable {
    /// The database file, or nil for a store kept in memory.
    public let path: String?
    /// How messages name the store: `the training log`.
    public let noun: String
    /// Whether the store was opened for reading only.
    public let readOnly: Bool
    public let queue: DatabaseQueue
    private let failure: @Sendable (StoreFailure) -> Failure

    /// How long a write waits for another process's write before it fails.
    public static var busyTimeout: TimeInterval { 10 }

    /// Opens the store as `init(path:kind:noun:migrator:readOnly:storeFailure:)` does, its
    /// failures given to `failure` as their message alone.
    public init(
        path: String?, kind: StoreKind, noun: String, migrator: SchemaMigrator, readOnly: Bool = false,
        failure: @escaping @Sendable (String) -> Failure
    ) throws(Failure) {
        try self.init(
            path: path, kind: kind, noun: noun, migrator: migrator, readOnly: readOnly,
            storeFailure: { failure($0.message) })
    }

    /// Opens the store of `kind` at `path`, or a new one in memory when `path` is nil. For
    /// writing, a missing file becomes a new store (made aside and moved into place once it is
    /// whole, so that a store is either usable or absent), an empty one is made a store, and an
    /// older one is migrated; for reading only (`readOnly`), the file must be a store of `kind`
    /// already, up to date or older (read as it is). Either way the path must name a regular
    /// file, the file must be sound and no newer than `migrator` knows.
    /// A new store is made with `seed`'s rows, written in the same file made aside; a store that
    /// lacks them (made by a version that wrote them after the creation, and killed in between)
    /// is given them when next opened for writing.
    public init(
        path: String?, kind: StoreKind, noun: String, migrator: SchemaMigrator, readOnly: Bool = false,
        seed: StoreSeed? = nil, storeFailure failure: @escaping @Sendable (StoreFailure) -> Failure
    ) throws(Failure) {
        self.path = path
        self.noun = noun
        self.readOnly = readOnly
        self.failure = failure
        let configuration = Self.configuration(noun: noun)
        guard let path else {
            do {
                queue = try DatabaseQueue(configuration: configuration)
                try migrator.migrate(queue)
                if let seed { try queue.writeTakingTheLock { db in try seed.rows(db) } }
            } catch {
                if let owned = error as? Failure { throw owned }
                throw failure(Self.failure(error, "cannot create \(noun) in memory"))
            }
            return
        }
        var content: StoreFileContent
        do {
            content = try StoreFileContent.of(path: path)
        } catch {
            throw failure(
                (error as? StoreFileError)?.failure ?? StoreFailure(.unreadable, "cannot read \(path): \(error)"))
        }
        switch content {
        case .store(kind):
            break
        case .store(let other):
            throw failure(StoreFailure(.wrongKind, "\(path): this is \(other.noun), not \(kind.noun)"))
        case .foreign(let what):
            throw failure(StoreFailure(.wrongKind, "\(path): this is \(what), not \(kind.noun)"))
        case .missing where readOnly:
            throw failure(
                StoreFailure(
                    .missing, "\(noun) \(path) does not exist (a command that only reads never creates one)"))
        case .empty where readOnly:
            throw failure(StoreFailure(.wrongKind, "\(path) is empty, not \(kind.noun)"))
        case .missing:
            do {
                content = try Self.create(
                    path, kind: kind, migrator: migrator, seed: seed, configuration: configuration)
            } catch {
                if let owned = error as? Failure { throw owned }
                throw failure(Self.failure(error, "cannot create \(noun) \(path)"))
            }
            guard content == .store(kind) else {
                // Another process made a file there meanwhile, and not this kind of store.
                throw failure(StoreFailure(.wrongKind, "\(path): another program made this file, not \(kind.noun)"))
            }
        case .empty:
            break
        }
        if !readOnly, case .store = content, !FileManager.default.isWritableFile(atPath: path) {
            // Refused before SQLite opens it: an open would leave a -wal and a -shm beside it.
            throw failure(
                StoreFailure(
                    .readOnly,
                    "\(noun) \(path) is read-only: this command changes it (commands that only read it work)"))
        }
        do {
            if readOnly {
                queue = try Self.openForReading(path, configuration: configuration)
            } else {
                // Not GRDB's `.wal` set-up, which writes to the file on every open: the mode is
                // switched once, after the file is known to be sound (`bringUpToDate`).
                queue = try DatabaseQueue(path: path, configuration: configuration)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            // Damage SQLite meets while opening (in the schema it reads first) is damage too.
            throw failure(
                StoreFailure(.damaged, "\(noun) \(path) is damaged: \(Self.reason(error)); restore it from a backup"))
        } catch {
            throw failure(Self.failure(error, "cannot open \(noun) \(path)"))
        }
        // What a write checks, a read checks too: damage, and a schema newer than this code's.
        try checkIntegrity()
        try checkVersion(migrator)
        if readOnly { return }
        do {
            try Self.bringUpToDate(queue, kind: kind, migrator: migrator, seed: seed)
        } catch {
            if let owned = error as? Failure { throw owned }
            throw failure(Self.failure(error, "cannot migrate \(noun) \(path)"))
        }
    }

    /// Makes a new store of `kind` beside `path`, whole (write-ahead logging, migrated, seeded,
    /// stamped), then moves it to `path` unless another process made one there meanwhile (theirs
    /// is kept). A process killed before the move leaves no store at `path`, only a hidden
    /// `.name.new-…` file beside it that nothing reads.
    private static func create(
        _ path: String, kind: StoreKind, migrator: SchemaMigrator, seed: StoreSeed?, configuration: Configuration
    ) throws -> StoreFileContent {
        let url = URL(fileURLWithPath: path)
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).new-\(UUID().uuidString.prefix(8).lowercased())").path
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(aside + suffix) }
        }
        let queue = try DatabaseQueue(path: aside, configuration: configuration)
        do {
            try bringUpToDate(queue, kind: kind, migrator: migrator, seed: seed)
            try queue.close()
        } catch {
            try? queue.close()
            throw error
        }
        // link(2) moves nothing over an existing file: a store another process made first stays.
        // Where the file system has no hard links, a rename, which replaces whatever is there.
        if link(aside, path) != 0 {
            guard errno != EEXIST else { return try StoreFileContent.of(path: path) }
            guard rename(aside, path) == 0 else {
                throw StoreFileError(.unreadable, "cannot create \(path): " + String(cString: strerror(errno)))
            }
        }
        return .store(kind)
    }

    /// A failure of SQLite (or of anything) while `doing`, as the store's failure: a full disk
    /// called full, damage called damage.
    static func failure(_ error: any Error, _ doing: String) -> StoreFailure {
        if let error = error as? StoreFileError { return error.failure }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL:
                return StoreFailure(
                    .diskFull, "\(doing): the disk is full; nothing was saved (free some space and retry)")
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return StoreFailure(.damaged, "\(doing): damaged (\(reason(error))); restore it from a backup")
            case .SQLITE_READONLY:
                return StoreFailure(.readOnly, "\(doing): \(reason(error))")
            default:
                break
            }
        }
        if let error = error as? SchemaMigrationError, error.message.contains("disk is full") {
            return StoreFailure(.diskFull, "\(doing): the disk is full; nothing was saved (free some space and retry)")
        }
        return StoreFailure(.unreadable, "\(doing): \(reason(error))")
    }

    /// The most each connection keeps of the store's pages in memory, in KiB (SQLite's own
    /// default is 2,000). Five years of a training log outgrow 2 MB, and completing a workout
    /// walks each of its exercises' history for the PRs: with the default cache, logging the log
    /// bench's five years made 2.4 million reads of the file (`pread`), with 16 MiB 47 thousand.
    /// The cache holds only the pages a connection has read, so a widget reading today's card
    /// holds a few.
    public static var pageCacheKiB: Int { 16_384 }

    /// How every connection to a user's store is set up, this type's and any other code's that
    /// opens one (the sync): foreign keys enforced, a write waiting up to `busyTimeout` for
    /// another process's, commits acknowledged once in the write-ahead log, and a page cache of
    /// up to `pageCacheKiB`.
    public static func configuration(noun: String) -> Configuration {
        var configuration = Configuration()
        configuration.label = noun
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
            if !db.configuration.readonly {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }

    /// A connection for reading that leaves the store as it found it. Where the store may be
    /// written (by this user, so by another process of theirs at any moment), an ordinary
    /// connection that only reads: it takes part in the write-ahead log's locking, and the last
    /// connection to close removes the -wal and -shm files it made. Where it cannot be written
    /// (a backup, a read-only medium), a read-only connection; without a write-ahead log beside
    /// the store it is whole, and read as immutable, which creates no file.
    package static func openForReading(_ path: String, configuration: Configuration) throws -> DatabaseQueue {
        let folder = (path as NSString).deletingLastPathComponent
        let files = FileManager.default
        if files.isWritableFile(atPath: path), files.isWritableFile(atPath: folder.isEmpty ? "." : folder) {
            return try DatabaseQueue(path: path, configuration: configuration)
        }
        var configuration = configuration
        configuration.readonly = true
        guard !files.fileExists(atPath: path + "-wal") else {
            return try DatabaseQueue(path: path, configuration: configuration)
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
    }

    /// Switches a new store to write-ahead logging, migrates only a store that is behind, writes
    /// the seed of a store without it, and stamps its kind: opening an up-to-date store writes
    /// nothing and takes no write lock.
    private static func bringUpToDate(
        _ queue: DatabaseQueue, kind: StoreKind, migrator: SchemaMigrator, seed: StoreSeed?
    ) throws {
        let (version, id, mode, seeded) = try queue.read { db in
            (
                try SchemaMigrator.currentVersion(db), try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try seed?.isWritten(db) ?? true
            )
        }
        if mode != "wal" {
            let switched = try queue.writeWithoutTransaction { db in
                try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            guard switched == "wal" else {
                let mode = switched ?? "?"
                throw DatabaseError(message: "cannot switch to write-ahead logging (journal_mode is \(mode))")
            }
        }
        if version != migrator.latestVersion {
            try migrator.migrate(queue)
        }
        if !seeded, let seed {
            try queue.writeTakingTheLock { db in
                if try !seed.isWritten(db) { try seed.rows(db) }
            }
        }
        if id != kind.applicationID {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA application_id = \(kind.applicationID)")
            }
        }
    }

    /// Refuses a damaged store before anything is written to it or read from it, naming what
    /// SQLite found.
    private func checkIntegrity() throws(Failure) {
        let findings: [String]
        do {
            findings = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
        } catch {
            throw failure(
                StoreFailure(.damaged, "\(noun) \(name) is damaged: \(Self.reason(error)); restore it from a backup"))
        }
        guard findings == ["ok"] else {
            throw failure(
                StoreFailure(
                    .damaged,
                    "\(noun) \(name) is damaged: \(findings.joined(separator: "; ")); restore it from a backup"))
        }
    }

    /// Refuses a store that a newer TrainDB has migrated beyond what `migrator` knows: its
    /// tables may not mean what this code reads them as.
    private func checkVersion(_ migrator: SchemaMigrator) throws(Failure) {
        let version: Int
        do {
            version = try queue.read { db in try SchemaMigrator.currentVersion(db) }
        } catch {
            throw failure(Self.failure(error, "cannot read \(noun) \(name)"))
        }
        guard version <= migrator.latestVersion else {
            throw failure(
                StoreFailure(
                    .newerSchema,
                    "\(noun) \(name) is at schema version \(version), newer than this traindb knows "
                        + "(\(migrator.latestVersion)): a newer TrainDB wrote it; update traindb to use it"))
        }
    }

    /// How messages name the store's file.
    public var name: String {
        path ?? "in memory"
    }

    /// Runs `body` in one write transaction, which takes the write lock as it begins (waiting
    /// for another process's write to finish).
    public func write<Value>(_ body: (Database) throws -> Value) throws(Failure) -> Value {
        guard !readOnly else { throw failure(StoreFailure(.readOnly, "\(noun) \(name) was opened for reading only")) }
        do {
            return try queue.writeTakingTheLock(body)
        } catch {
            throw passedThrough(error)
        }
    }

    /// Runs `body` in one read transaction (`DatabaseQueue.readKeepingStatements`: the
    /// statements the connection holds compiled, the store's and a sync's, stay compiled).
    public func read<Value>(_ body: (Database) throws -> Value) throws(Failure) -> Value {
        do {
            return try queue.readKeepingStatements(body)
        } catch {
            throw passedThrough(error)
        }
    }

    /// The owner's own error as it is; anything else as the store failing.
    private func passedThrough(_ error: any Error) -> Failure {
        (error as? Failure) ?? failure(Self.failure(error, "\(noun) \(name) failed"))
    }

    /// What went wrong, in SQLite's words when it was SQLite.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}

extension DatabaseQueue {
    /// Runs `body` in one write transaction that takes the write lock as it begins, as every
    /// write to a user's store does: a transaction begun as a read could find another process's
    /// write committed in between and fail instead of waiting.
    public func writeTakingTheLock<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try writeWithoutTransaction { db in
            var value: Value?
            try db.inTransaction(.immediate) {
                value = try body(db)
                return .commit
            }
            return value!
        }
    }

    /// Runs `body` in one transaction that only reads (`BEGIN DEFERRED`: it takes no write lock,
    /// and sees the store as it was at its first read). Not GRDB's `read`, which also sets `PRAGMA
    /// query_only` on and off around it: setting a flag pragma makes SQLite expire every statement
    /// the connection holds compiled, so each of the store's cached statements, and a sync's on
    /// the same connection, was compiled again at its next step after every read. A `body` that
    /// wrote anything (a row, the schema, a pragma's value, a temporary table) is refused once it
    /// returns, where `query_only` refused its statement: its transaction, which then holds the
    /// write lock, is rolled back and nothing it wrote is kept.
    public func readKeepingStatements<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try writeWithoutTransaction { db in
            var value: Value?
            try db.inTransaction(.deferred) {
                value = try body(db)
                guard sqlite3_txn_state(db.sqliteConnection, nil) != SQLITE_TXN_WRITE else {
                    throw DatabaseError(
                        resultCode: .SQLITE_READONLY, message: "a read wrote to the store; nothing it wrote was kept")
                }
                return .commit
            }
            return value!
        }
    }
}

/// The rows a new store starts with (the user's settings), written with its tables.
public struct StoreSeed {
    /// The table that holds them.
    public let table: String
    /// Writes them, inside the creation's transaction.
    public let rows: (Database) throws -> Void

    public init(table: String, rows: @escaping (Database) throws -> Void) {
        self.table = table
        self.rows = rows
    }

    /// Whether the store has them: its table exists and holds a row.
    func isWritten(_ db: Database) throws -> Bool {
        guard try db.tableExists(table) else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \"\(table)\")") ?? false
    }
}
