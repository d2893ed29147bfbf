import Foundation
import GRDB
import Logging
import TrainingCalendar

/// One user's fitness journal: workout entries, daily check-ins and settings, in a database file
/// of its own.
///
/// Every call is one transaction and reads the injected clock once; days and weeks are counted
/// on the wall clock of the time zone in the settings. The same calls at the same moments give
/// the same rows and the same results. Safe to share between threads (calls run one at a time).
///
/// ```swift
/// let journal = try FitnessJournal(
///     path: path, clock: SystemClock(), newUser: JournalSettings(timeZone: .current))
/// try journal.logWorkout(NewWorkout(type: .running, durationMinutes: 30, intensity: .moderate))
/// let week = try journal.progress(.week)
/// print(week.totalWorkouts, week.streak.current)
/// ```
public final class FitnessJournal: Sendable {
    /// The database file, or nil for a journal kept in memory.
    public let path: String?
    let queue: DatabaseQueue
    let clock: any WallClock
    let logger: Logger

    /// Opens (creating and migrating when needed) the journal at `path`. A new journal takes
    /// `newUser` as its settings; an existing one keeps its own.
    public convenience init(
        path: String, clock: any WallClock, newUser: JournalSettings,
        logger: Logger = Logger(label: "traindb.journal", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(JournalError) {
        var configuration = Self.configuration
        configuration.journalMode = .wal
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw JournalError(.storeUnreadable, "cannot open the journal \(path): \(Self.reason(error))")
        }
        try self.init(queue: queue, path: path, clock: clock, newUser: newUser, logger: logger)
    }

    /// A journal kept in memory: tests, replays and benchmarks.
    public convenience init(
        inMemoryWith clock: any WallClock, newUser: JournalSettings,
        logger: Logger = Logger(label: "traindb.journal", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(JournalError) {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: Self.configuration)
        } catch {
            throw JournalError(.storeUnreadable, "cannot create a journal in memory: \(Self.reason(error))")
        }
        try self.init(queue: queue, path: nil, clock: clock, newUser: newUser, logger: logger)
    }

    private init(
        queue: DatabaseQueue, path: String?, clock: any WallClock, newUser: JournalSettings, logger: Logger
    ) throws(JournalError) {
        self.queue = queue
        self.path = path
        self.clock = clock
        self.logger = logger
        try newUser.validate()
        do {
            try FitnessJournalSchema.migrator.migrate(queue)
        } catch {
            throw JournalError(.storeUnreadable, "cannot migrate the journal \(name): \(Self.reason(error))")
        }
        try write { db, now in
            guard try SettingsRecord.fetchCount(db) == 0 else { return }
            var record = SettingsRecord(newUser, updatedAt: now)
            try record.insert(db)
        }
    }

    /// Durable against a crash of the app or the process.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "fitness-journal"
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
    func write<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        let now = Self.rounded(clock.now())
        do {
            return try queue.write { db in try body(db, now) }
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.storeUnreadable, "the journal \(name) failed: \(Self.reason(error))")
        }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        let now = Self.rounded(clock.now())
        do {
            return try queue.read { db in try body(db, now) }
        } catch let error as JournalError {
            throw error
        } catch {
            throw JournalError(.storeUnreadable, "the journal \(name) failed: \(Self.reason(error))")
        }
    }

    /// `moment` to the millisecond, as it reads back from the store.
    static func rounded(_ moment: Date) -> Date {
        Date(timeIntervalSince1970: (moment.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }

    /// The settings row, inside the caller's transaction.
    func settings(_ db: Database) throws -> JournalSettings {
        guard let record = try SettingsRecord.fetchOne(db) else {
            throw JournalError(.storeUnreadable, "the journal \(name) has no settings row")
        }
        return try record.settings()
    }
}
