import GRDB

/// A user's own database for one of the app-facing stores (the training log, GymTrack, the
/// fitness journal): a file in write-ahead-log mode, or memory, with the store's migrations
/// applied, and its transactions.
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
///     path: path, noun: "the journal", migrator: FitnessJournalSchema.migrator,
///     failure: { JournalError(.storeUnreadable, $0) })
/// let count = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM workouts") }
/// ```
public struct UserStore<Failure: Error>: Sendable {
    /// The database file, or nil for a store kept in memory.
    public let path: String?
    /// How messages name the store: `the training log`.
    public let noun: String
    public let queue: DatabaseQueue
    private let failure: @Sendable (String) -> Failure

    /// Opens (creating and migrating when needed) the store at `path`, or a new one in memory
    /// when `path` is nil.
    public init(
        path: String?, noun: String, migrator: SchemaMigrator, failure: @escaping @Sendable (String) -> Failure
    ) throws(Failure) {
        self.path = path
        self.noun = noun
        self.failure = failure
        var configuration = Configuration()
        configuration.label = noun
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            if let path {
                configuration.journalMode = .wal
                queue = try DatabaseQueue(path: path, configuration: configuration)
            } else {
                queue = try DatabaseQueue(configuration: configuration)
            }
        } catch {
            throw failure(path.map { "cannot open \(noun) \($0): \(Self.reason(error))" }
                ?? "cannot create \(noun) in memory: \(Self.reason(error))")
        }
        do {
            try migrator.migrate(queue)
        } catch {
            throw failure("cannot migrate \(noun) \(path ?? "in memory"): \(Self.reason(error))")
        }
    }

    /// How messages name the store's file.
    public var name: String {
        path ?? "in memory"
    }

    /// Runs `body` in one write transaction.
    public func write<Value>(_ body: (Database) throws -> Value) throws(Failure) -> Value {
        do {
            return try queue.write(body)
        } catch {
            throw passedThrough(error)
        }
    }

    /// Runs `body` in one read transaction.
    public func read<Value>(_ body: (Database) throws -> Value) throws(Failure) -> Value {
        do {
            return try queue.read(body)
        } catch {
            throw passedThrough(error)
        }
    }

    /// The owner's own error as it is; anything else as the store failing.
    private func passedThrough(_ error: any Error) -> Failure {
        (error as? Failure) ?? failure("\(noun) \(name) failed: \(Self.reason(error))")
    }

    /// What went wrong, in SQLite's words when it was SQLite.
    public static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}
