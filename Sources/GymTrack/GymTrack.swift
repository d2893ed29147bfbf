import Foundation
import GRDB
import Logging
import TrainingCalendar
import UserStore

/// GymTrack's store and rules (seed 002 §3-9): the A/B/C rotation, the workout on the Exercise
/// Screen, the daily challenge, both streaks and the stats, over a database file of its own
/// (`gymtrack.sqlite`).
///
/// Every call is one transaction that reads the injected clock once; calendar dates are the
/// dates of the clock's moments in the injected time zone. The same calls at the same moments
/// give the same rows and the same results. Safe to share between threads (calls run one at a
/// time).
///
/// ```swift
/// let gym = try GymTrack(path: path, clock: SystemClock(), timeZone: .current)
/// let next = try gym.next()              // Day A — Upper Strength when the store is empty
/// try gym.start(next.next)
/// try gym.checkStep(2)                    // the daily challenge's set: today's counter is 1/3
/// let session = try gym.finish(confirmingPartial: true)
/// print(try gym.stats().gymStreak.current)
/// ```
public final class GymTrack: Sendable {
    /// The database file, or nil for a store kept in memory.
    public var path: String? { shell.path }
    /// The user's time zone: what "today" and a session's date mean.
    public let timeZone: TimeZone
    /// The file, the clock and the ids every call goes through.
    let shell: StoreShell<GymTrackSchema>
    let routines: [Routine]
    let logger: Logger

    var clock: any WallClock { shell.clock }
    var ids: any RowIDSource { shell.ids }

    /// Opens (creating and migrating when needed) the store at `path`.
    public convenience init(
        path: String, clock: any WallClock, timeZone: TimeZone, readOnly: Bool = false,
        ids: any RowIDSource = RandomRowIDs(),
        logger: Logger = Logger(label: "traindb.gymtrack", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(GymTrackError) {
        try self.init(
            storePath: path, clock: clock, timeZone: timeZone, readOnly: readOnly, ids: ids, logger: logger)
    }

    /// A store kept in memory: tests, and replays that keep no file.
    public convenience init(
        inMemory clock: any WallClock, timeZone: TimeZone, ids: any RowIDSource = RandomRowIDs(),
        logger: Logger = Logger(label: "traindb.gymtrack", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(GymTrackError) {
        try self.init(storePath: nil, clock: clock, timeZone: timeZone, readOnly: false, ids: ids, logger: logger)
    }

    private init(
        storePath: String?, clock: any WallClock, timeZone: TimeZone, readOnly: Bool, ids: any RowIDSource,
        logger: Logger
    ) throws(GymTrackError) {
        routines = try Routines.all()
        shell = try StoreShell(path: storePath, readOnly: readOnly, clock: clock, ids: ids)
        self.timeZone = timeZone
        self.logger = logger
    }

    /// How messages name the store.
    var name: String {
        shell.name
    }

    /// The routine of `type`.
    public func routine(_ type: SessionType) -> Routine {
        routines.first { $0.type == type } ?? routines[0]
    }

    // MARK: - Transactions

    /// The moment a call acts at (the clock read once, to the millisecond, as every store) and
    /// its date in the user's time zone.
    struct Now {
        let moment: Date
        let today: CalendarDate
    }

    /// Runs `body` in one write transaction with the clock read once.
    func write<Value>(_ body: (Database, Now) throws -> Value) throws(GymTrackError) -> Value {
        try shell.write { db, moment in try body(db, Now(moment: moment, today: CalendarDate(moment, in: timeZone))) }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Now) throws -> Value) throws(GymTrackError) -> Value {
        try shell.read { db, moment in try body(db, Now(moment: moment, today: CalendarDate(moment, in: timeZone))) }
    }
}
