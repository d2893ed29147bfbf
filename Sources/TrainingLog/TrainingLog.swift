import Foundation
import GRDB
import Logging
import ProgrammeGenerator
import TrainingCalendar
import UserStore

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
    public var path: String? { shell.path }
    /// The file, the clock and the ids every call goes through.
    let shell: StoreShell<TrainingLogSchema>
    let catalog: LogCatalog
    let logger: Logger
    let programmes = ProgrammeCache()

    var clock: any WallClock { shell.clock }
    /// The log's connection, for the sync (`LogSync.sync(_:…)`) to read and write the log through
    /// the connection the app uses, within the package only: the app's calls and the sync's
    /// transactions take turns on it.
    package var databaseQueue: DatabaseQueue { shell.file.queue }
    /// Whether the log was opened `readOnly`: never to be changed, by the sync either.
    package var isReadOnly: Bool { shell.file.readOnly }
    var ids: any RowIDSource { shell.ids }

    /// Opens (creating and migrating when needed) the training log at `path`. A new log takes
    /// `newUser` as its settings; an existing one keeps its own. `readOnly`: the log must exist,
    /// and is neither created nor changed (a backup, a read-only file).
    public convenience init(
        path: String, catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource, newUser: UserSettings,
        readOnly: Bool = false,
        logger: Logger = Logger(label: "traindb.log", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(TrainingLogError) {
        try self.init(
            storePath: path, catalog: catalog, clock: clock, ids: ids, newUser: newUser, readOnly: readOnly,
            logger: logger)
    }

    /// A training log kept in memory: tests, and replays that keep no file.
    public convenience init(
        inMemory catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource, newUser: UserSettings,
        logger: Logger = Logger(label: "traindb.log", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(TrainingLogError) {
        try self.init(
            storePath: nil, catalog: catalog, clock: clock, ids: ids, newUser: newUser, readOnly: false,
            logger: logger)
    }

    private init(
        storePath: String?, catalog: LogCatalog, clock: any WallClock, ids: any RowIDSource,
        newUser: UserSettings, readOnly: Bool, logger: Logger
    ) throws(TrainingLogError) {
        // The settings row comes with a new log's tables (`seedTable`): opening a log takes no
        // write lock.
        shell = try StoreShell(path: storePath, readOnly: readOnly, clock: clock, ids: ids) { db, now in
            try UserSettingsRecord(
                id: ids.next(at: now), weightUnit: newUser.unit, timeZone: newUser.timeZone.identifier, updatedAt: now
            ).insert(db)
        }
        self.catalog = catalog
        self.logger = logger
    }

    /// How messages name the store.
    var name: String {
        shell.name
    }

    // MARK: - Transactions

    /// Runs `body` in one write transaction with the clock read once (to the millisecond).
    func write<Value>(_ body: (Database, Date) throws -> Value) throws(TrainingLogError) -> Value {
        try shell.write(body)
    }

    /// The moments the log keeps: `Timestamp.kept`, as every store.
    public static let moments = Timestamp.kept

    /// Refuses an action at `now` on a workout that started after it: the log's moments are in
    /// order.
    static func checkOrder(_ now: Date, after workout: WorkoutRecord) throws(TrainingLogError) {
        guard now >= workout.startedAt else {
            throw TrainingLogError(
                .invalidMoment,
                "the moment \(Timestamp.secondsText(now)) is before the workout started, "
                    + "at \(Timestamp.secondsText(workout.startedAt))")
        }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Date) throws -> Value) throws(TrainingLogError) -> Value {
        try shell.read(body)
    }
}
