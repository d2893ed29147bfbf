import Foundation
import GRDB
import Logging
import TrainingCalendar

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
    public let path: String?
    /// The user's time zone: what "today" and a session's date mean.
    public let timeZone: TimeZone
    let queue: DatabaseQueue
    let clock: any WallClock
    let routines: [Routine]
    let logger: Logger

    /// Opens (creating and migrating when needed) the store at `path`.
    public convenience init(
        path: String, clock: any WallClock, timeZone: TimeZone,
        logger: Logger = Logger(label: "traindb.gymtrack", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(GymTrackError) {
        var configuration = Self.configuration
        configuration.journalMode = .wal
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw GymTrackError(.storeUnreadable, "cannot open the GymTrack store \(path): \(Self.reason(error))")
        }
        try self.init(queue: queue, path: path, clock: clock, timeZone: timeZone, logger: logger)
    }

    /// A store kept in memory: tests, and replays that keep no file.
    public convenience init(
        inMemory clock: any WallClock, timeZone: TimeZone,
        logger: Logger = Logger(label: "traindb.gymtrack", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(GymTrackError) {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: Self.configuration)
        } catch {
            throw GymTrackError(.storeUnreadable, "cannot create a GymTrack store in memory: \(Self.reason(error))")
        }
        try self.init(queue: queue, path: nil, clock: clock, timeZone: timeZone, logger: logger)
    }

    private init(
        queue: DatabaseQueue, path: String?, clock: any WallClock, timeZone: TimeZone, logger: Logger
    ) throws(GymTrackError) {
        self.queue = queue
        self.path = path
        self.clock = clock
        self.timeZone = timeZone
        self.logger = logger
        routines = try Routines.all()
        do {
            try GymTrackSchema.migrator.migrate(queue)
        } catch {
            throw GymTrackError(.storeUnreadable, "cannot migrate the GymTrack store \(name): \(Self.reason(error))")
        }
    }

    /// Durable against a crash of the app or the process: a call returns once its transaction
    /// is in the write-ahead log.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "gymtrack"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// How messages name the store.
    var name: String {
        path ?? "in memory"
    }

    /// The routine of `type`.
    public func routine(_ type: SessionType) -> Routine {
        routines.first { $0.type == type } ?? routines[0]
    }

    // MARK: - Transactions

    /// The moment a call acts at, to the second, and its date in the user's time zone.
    struct Now {
        let moment: Date
        let today: CalendarDate
    }

    /// Runs `body` in one write transaction with the clock read once.
    func write<Value>(_ body: (Database, Now) throws -> Value) throws(GymTrackError) -> Value {
        let now = currentMoment()
        do {
            return try queue.write { db in try body(db, now) }
        } catch let error as GymTrackError {
            throw error
        } catch {
            throw GymTrackError(.storeUnreadable, "the GymTrack store \(name) failed: \(Self.reason(error))")
        }
    }

    /// Runs `body` in one read transaction with the clock read once.
    func read<Value>(_ body: (Database, Now) throws -> Value) throws(GymTrackError) -> Value {
        let now = currentMoment()
        do {
            return try queue.read { db in try body(db, now) }
        } catch let error as GymTrackError {
            throw error
        } catch {
            throw GymTrackError(.storeUnreadable, "the GymTrack store \(name) failed: \(Self.reason(error))")
        }
    }

    private func currentMoment() -> Now {
        let moment = Moment.rounded(clock.now())
        return Now(moment: moment, today: CalendarDate(moment, in: timeZone))
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "\(error.resultCode)"
        }
        return "\(error)"
    }
}
