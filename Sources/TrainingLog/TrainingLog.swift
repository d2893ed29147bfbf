import Foundation
import GRDB
import Logging
import ProgrammeGenerator
import TrainingCalendar

/// One user's training log: their programme, workouts, exercises and sets, in a database file
/// of its own beside the catalogue's.
///
/// Every call is one transaction, and every call that depends on the time reads the injected
/// clock once and the user's time zone from the store: the same calls at the same moments give
/// the same results and the same rows. Ids come from the injected `RowIDSource`. Safe to share
/// between threads (calls run one at a time).
///
/// ```swift
/// let log = try TrainingLog(
///     path: userDatabasePath, catalog: LogCatalog(database: catalogue), clock: SystemClock(),
///     ids: RandomRowIDs(), newUser: UserSettings(unit: .kg, timeZone: .current))
/// try log.startProgramme(programme, questionnaireJSON: json)
/// let workout = try log.startWorkout(session: "Push")
/// let logged = try log.logSet(exercise: "barbell_bench_press", SetEntry(reps: 8, weight: 60, unit: .kg))
/// let submitted = try log.submit(exercise: "barbell_bench_press")
/// print(submitted.prompt.title)  // Great Work!
/// ```
public final class TrainingLog: Sendable {
    /// The database file, or nil for a log kept in memory.
    public let path: String?
    let queue: DatabaseQueue
    let catalog: LogCatalog
    let clock: any WallClock
    let ids: any RowIDSource
    let logger: Logger
    let programmes = ProgrammeCache()

    /// Opens (creating and migrating when needed) the training log at `path`. A new log takes
    /// `newUser` as its settings; an existing one keeps its own.
    public convenience init(
        path: String, catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource, newUser: UserSettings,
        logger: Logger = Logger(label: "traindb.log", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(TrainingLogError) {
        var configuration = Self.configuration
        configuration.journalMode = .wal
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw TrainingLogError(.storeUnreadable, "cannot open the training log \(path): \(Self.reason(error))")
        }
        try self.init(
            queue: queue, path: path, catalog: catalog, clock: clock, ids: ids, newUser: newUser, logger: logger)
    }

    /// A training log kept in memory: tests, and replays that keep no file.
    public convenience init(
        inMemory catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource, newUser: UserSettings,
        logger: Logger = Logger(label: "traindb.log", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(TrainingLogError) {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: Self.configuration)
        } catch {
            throw TrainingLogError(.storeUnreadable, "cannot create a training log in memory: \(Self.reason(error))")
        }
        try self.init(
            queue: queue, path: nil, catalog: catalog, clock: clock, ids: ids, newUser: newUser, logger: logger)
    }

    private init(
        queue: DatabaseQueue, path: String?, catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource,
        newUser: UserSettings, logger: Logger
    ) throws(TrainingLogError) {
        self.queue = queue
        self.path = path
        self.catalog = catalog
        self.clock = clock
        self.ids = ids
        self.logger = logger
        do {
            try TrainingLogSchema.migrator.migrate(queue)
        } catch {
            throw TrainingLogError(.storeUnreadable, "cannot migrate the training log \(name): \(Self.reason(error))")
        }
        try write { db, now in
            guard try UserSettingsRecord.fetchCount(db) == 0 else { return }
            try UserSettingsRecord(
                id: ids.next(), weightUnit: newUser.unit, timeZone: newUser.timeZone.identifier, updatedAt: now
            ).insert(db)
        }
    }

    /// Durable against a crash of the app or the process: a call returns once its transaction
    /// is in the write-ahead log.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "training-log"
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// How messages name the store.
    var name: String {
        path ?? "in memory"
    }

    // MARK: - Transactions

    /// Runs `body` in one write transaction with the clock read once (to the millisecond).
    func write<Value>(_ body: (Database, Date) throws -> Value) throws(TrainingLogError) -> Value {
        let now = Timestamp.rounded(clock.now())
        do {
            return try queue.write { db in try body(db, now) }
        } catch let error as TrainingLogError {
            throw error
        } catch {
            throw TrainingLogError(.storeUnreadable, "the training log \(name) failed: \(Self.reason(error))")
        }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Date) throws -> Value) throws(TrainingLogError) -> Value {
        let now = Timestamp.rounded(clock.now())
        do {
            return try queue.read { db in try body(db, now) }
        } catch let error as TrainingLogError {
            throw error
        } catch {
            throw TrainingLogError(.storeUnreadable, "the training log \(name) failed: \(Self.reason(error))")
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}
