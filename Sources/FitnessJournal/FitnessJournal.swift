import Foundation
import GRDB
import Logging
import SchemaMigrations
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
    public var path: String? { store.path }
    let store: UserStore<JournalError>
    let clock: any WallClock
    let ids: any RowIDSource
    let logger: Logger

    /// Opens (creating and migrating when needed) the journal at `path`. A new journal takes
    /// `newUser` as its settings; an existing one keeps its own.
    /// New rows take their ids from `ids`.
    public convenience init(
        path: String, clock: any WallClock, newUser: JournalSettings, readOnly: Bool = false,
        ids: any RowIDSource = RandomRowIDs(),
        logger: Logger = Logger(label: "traindb.journal", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(JournalError) {
        try self.init(
            storePath: path, clock: clock, newUser: newUser, readOnly: readOnly, ids: ids, logger: logger)
    }

    /// A journal kept in memory: tests, replays and benchmarks.
    public convenience init(
        inMemoryWith clock: any WallClock, newUser: JournalSettings, ids: any RowIDSource = RandomRowIDs(),
        logger: Logger = Logger(label: "traindb.journal", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(JournalError) {
        try self.init(storePath: nil, clock: clock, newUser: newUser, readOnly: false, ids: ids, logger: logger)
    }

    private init(
        storePath: String?, clock: any WallClock, newUser: JournalSettings, readOnly: Bool, ids: any RowIDSource,
        logger: Logger
    ) throws(JournalError) {
        try newUser.validate()
        store = try UserStore(
            path: storePath, kind: .journal, noun: "the journal", migrator: FitnessJournalSchema.migrator,
            readOnly: readOnly, storeFailure: { JournalError($0) })
        self.clock = clock
        self.ids = ids
        self.logger = logger
        // The seed row, once: an open of a journal that has it takes no write lock.
        guard !readOnly, try store.read({ db in try SettingsRecord.fetchCount(db) }) == 0 else { return }
        try write { db, now in
            guard try SettingsRecord.fetchCount(db) == 0 else { return }
            var record = SettingsRecord(newUser, updatedAt: now)
            try record.insert(db)
        }
    }

    /// How messages name the store.
    var name: String {
        store.name
    }

    // MARK: - Transactions

    /// Runs `body` in one write transaction with the clock read once (to the millisecond).
    func write<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        let now = Timestamp.rounded(clock.now())
        if let reason = Timestamp.outOfRange(now) { throw JournalError(.invalidField, reason) }
        return try store.write { db in try body(db, now) }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        let now = Timestamp.rounded(clock.now())
        return try store.read { db in try body(db, now) }
    }

    /// The settings row, inside the caller's transaction.
    func settings(_ db: Database) throws -> JournalSettings {
        // A kept statement: every call reads this row, and preparing costs more than reading it.
        let request = SQLRequest<SettingsRecord>(sql: "SELECT * FROM settings LIMIT 1", cached: true)
        guard let record = try request.fetchOne(db) else {
            throw JournalError(.storeUnreadable, "the journal \(name) has no settings row")
        }
        return try record.settings()
    }
}
