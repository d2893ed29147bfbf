import Foundation
import GRDB
import Logging
import TrainingCalendar
import UserStore

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
    public var path: String? { shell.path }
    /// The file, the clock and the ids every call goes through.
    let shell: StoreShell<FitnessJournalSchema>
    let logger: Logger
    /// Whether the journal has the days' summaries (migration 0005) that progress reads; a
    /// journal from before, opened for reading only, is read as it is, from its rows.
    let summarised: Bool

    var clock: any WallClock { shell.clock }
    var ids: any RowIDSource { shell.ids }

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
        // The settings row comes with a new journal's tables (`seedTable`): opening a journal
        // takes no write lock.
        shell = try StoreShell(path: storePath, readOnly: readOnly, clock: clock, ids: ids) { db, now in
            try SettingsRecord(newUser, updatedAt: now).insert(db)
        }
        self.logger = logger
        summarised = try shell.read { db, _ in try db.tableExists("day_summaries") }
    }

    /// How messages name the store.
    var name: String {
        shell.name
    }

    // MARK: - Transactions

    /// Runs `body` in one write transaction with the clock read once (to the millisecond).
    func write<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        try shell.write(body)
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Date) throws -> Value) throws(JournalError) -> Value {
        try shell.read(body)
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
