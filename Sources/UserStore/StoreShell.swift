import Foundation
import GRDB
import SchemaMigrations
import TrainingCalendar

/// What a user's store is, for the shell that opens it and runs its calls: its kind, its
/// migrations, how messages name it, and its own error. Each store's schema enum is its
/// definition (`TrainingLogSchema`, `GymTrackSchema`, `FitnessJournalSchema`); the store's
/// domain methods are its own.
public protocol StoreDefinition: Sendable {
    /// The store's own error: every failure of its file and every refusal of its rules.
    associatedtype Failure: Error
    /// The kind stamped in the file's header.
    static var kind: StoreKind { get }
    /// How messages name the store: `the training log`.
    static var noun: String { get }
    /// The store's migrations, in the order they apply.
    static var migrator: SchemaMigrator { get }
    /// The table of the rows a new store starts with (the user's settings), or nil when it
    /// starts empty.
    static var seedTable: String? { get }
    /// The store's error for a failure of its file.
    static func failure(_ failure: StoreFailure) -> Failure
    /// The store's error for a call at a moment the stores do not keep (`Timestamp.kept`).
    static func momentRefused(_ reason: String) -> Failure
}

extension StoreDefinition {
    public static var seedTable: String? { nil }
}

/// A user's store as its domain methods see it: the file opened by `UserStore` (identity, an
/// open without a write lock, read-only, integrity), the clock, read once per call to the
/// millisecond, and the ids of new rows.
///
/// Every call is one transaction: `write` and `read` read the clock once and hand the moment to
/// the call, so that everything one call stores or shows is of one moment. A write at a moment
/// outside `Timestamp.kept` is refused before anything is written.
///
/// ```swift
/// let shell = try StoreShell<FitnessJournalSchema>(
///     path: path, clock: SystemClock(), ids: RandomRowIDs(),
///     seed: { db, now in try SettingsRecord(settings, updatedAt: now).insert(db) })
/// let count = try shell.read { db, now in try WorkoutRecord.fetchCount(db) }
/// ```
public struct StoreShell<Definition: StoreDefinition>: Sendable {
    /// The store's file and its transactions.
    public let file: UserStore<Definition.Failure>
    public let clock: any WallClock
    public let ids: any RowIDSource

    /// Opens the store at `path` (a new one in memory when nil) as `UserStore` does. A new store
    /// is made with its seed, `seed` writing the definition's `seedTable` rows at the moment of
    /// the creation, in the same file made aside: a store is never seen without them.
    /// `readOnly`: the store must exist and is neither created nor changed.
    public init(
        path: String?, readOnly: Bool = false, clock: any WallClock, ids: any RowIDSource,
        seed: ((Database, Date) throws -> Void)? = nil
    ) throws(Definition.Failure) {
        self.clock = clock
        self.ids = ids
        var storeSeed: StoreSeed?
        if let table = Definition.seedTable, let seed, !readOnly {
            let now = Timestamp.rounded(clock.now())
            storeSeed = StoreSeed(table: table) { db in
                // Checked here rather than before: a store that has its seed is opened at any moment.
                if let reason = Timestamp.outOfRange(now) { throw Definition.momentRefused(reason) }
                try seed(db, now)
            }
        }
        file = try UserStore(
            path: path, kind: Definition.kind, noun: Definition.noun, migrator: Definition.migrator,
            readOnly: readOnly, seed: storeSeed, storeFailure: { Definition.failure($0) })
    }

    /// The database file, or nil for a store kept in memory.
    public var path: String? { file.path }

    /// How messages name the store's file.
    public var name: String { file.name }

    /// The moment a call acts at: the clock, read once, to the millisecond (as stores keep it).
    public func now() -> Date {
        Timestamp.rounded(clock.now())
    }

    /// Runs `body` in one write transaction at the moment the clock shows, read once; refused
    /// before anything is written when that moment is outside `Timestamp.kept`.
    public func write<Value>(_ body: (Database, Date) throws -> Value) throws(Definition.Failure) -> Value {
        let now = now()
        if let reason = Timestamp.outOfRange(now) { throw Definition.momentRefused(reason) }
        return try file.write { db in try body(db, now) }
    }

    /// Runs `body` in one read transaction at the moment the clock shows, read once.
    public func read<Value>(_ body: (Database, Date) throws -> Value) throws(Definition.Failure) -> Value {
        let now = now()
        return try file.read { db in try body(db, now) }
    }
}
