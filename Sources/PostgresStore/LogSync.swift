import Catalog
import Foundation
import GRDB
import Logging
import PostgresNIO
import Synchronization
import TrainingLog

/// Syncs one user's training log (a device's SQLite file, `schema/training-log/`) with the
/// server's copy (`schema/postgres/0003_training_log.sql`).
///
/// One server transaction, as the user (the role `authenticated` with the user's JWT claims, so
/// row-level security sees to it that only the user's rows are read or written), through one
/// call of the migrations' `sync_exchange` (`sync_push`, then `sync_pull`): the device's
/// deletions and every row changed on the device since it last synced go up; the user's rows
/// changed on the server since the device's cursor come back, but for the rows this push wrote,
/// which the device already holds. Then one device transaction applies them, but for what the
/// user changed on the device while the server answered: such a row keeps the device's version,
/// now based on the server's, and goes up with the next sync.
///
/// The rules, row by row (a row's `synced_at` is the `updated_at` of the version that the device
/// and the server last agreed on):
/// - a row the server lacks is inserted;
/// - a row the server holds unchanged since that version is updated;
/// - a row whose content the server already holds is left as it is: replaying a push, after a
///   device lost the answer, changes nothing;
/// - otherwise both changed it: a conflict. The server's row wins and the conflict is reported.
///
/// A failure anywhere leaves both sides as they were (the server's transaction never commits);
/// a failure after the server committed leaves the device as it was, and the next sync replays.
public struct LogSync: Sendable {
    /// What the server's `pg_stat_activity` calls the sync's connection.
    public static let applicationName = "traindb sync"

    private let logger: Logger
    /// The clock: when a row this device deleted during a sync was deleted.
    private let now: @Sendable () -> Date

    public init(logger: Logger = .silent, now: @escaping @Sendable () -> Date = { Date() }) {
        self.logger = logger
        self.now = now
    }

    /// Syncs the log at `path` as `user` (a UUID), through `server`, whose user must be able to
    /// `SET ROLE role` (`authenticator` on Supabase; any superuser). With `logs`, the log's
    /// connection is taken from there and kept there for the next sync (`OpenLogs`); without,
    /// the log is opened for this sync and closed after it.
    public func sync(
        userDatabase path: String, with server: PostgresURL, user: String, role: String = "authenticated",
        keeping logs: OpenLogs? = nil
    ) async throws -> SyncReport {
        try await sync(userDatabase: path, with: server, user: user, role: role, keeping: logs, beforeApplying: {})
    }

    /// The same through a connection of `pool`, kept open for the syncs after it: how a service
    /// that syncs many devices talks to the server.
    public func sync(
        userDatabase path: String, through pool: PostgresPool, user: String, role: String = "authenticated",
        keeping logs: OpenLogs? = nil
    ) async throws -> SyncReport {
        try await sync(
            start: { try start(userDatabase: path, server: pool.server, user: user, keeping: logs) }, role: role,
            beforeApplying: {}
        ) { work in
            try await pool.withConnection(work)
        }
    }

    /// Gets `log`, which the app has open, ready for its syncs (`sync(_:with:…)`), as
    /// `OpenLogs.open` gets a connection of the sync's own ready: the statements every sync runs
    /// compiled into the app's connection, where the next sync finds them. The app calls it when
    /// it opens its log; without it, the first sync compiles them. The log's own reads and writes
    /// between syncs leave them compiled. Refused for a log opened `readOnly`, as its sync is.
    public static func prepare(_ log: TrainingLog) throws {
        try DeviceLog(sharing: log).prepareStatements()
    }

    /// Syncs `log`, a training log the app has open, as `user` through `server`: how the app
    /// syncs its own log (after a workout, when it comes to the foreground). The same sync as
    /// `sync(userDatabase:…)`, on the connection the app reads and writes the log with, so that
    /// the sync opens and closes no connection of its own. A connection of the sync's own reads
    /// again every page the app's writes changed (SQLite empties a connection's cache when another
    /// connection has written the file), and the app's reads again those the sync wrote; on one
    /// connection both find them in its cache. The app's calls wait while the sync reads or writes
    /// the log (milliseconds for a workout; longer for a first sync that brings years of history),
    /// never while the server answers. A log opened `readOnly` is refused (`sync.read_only_log`).
    public func sync(
        _ log: TrainingLog, with server: PostgresURL, user: String, role: String = "authenticated"
    ) async throws -> SyncReport {
        try await sync(log, with: server, user: user, role: role, beforeApplying: {})
    }

    /// `sync(userDatabase:with:…)`, running `beforeApplying` between the server's answer and the
    /// device's transaction: where a test makes the edit a user makes while a sync runs.
    func sync(
        userDatabase path: String, with server: PostgresURL, user: String, role: String, keeping logs: OpenLogs? = nil,
        beforeApplying: () throws -> Void
    ) async throws -> SyncReport {
        try await sync(
            start: { try start(userDatabase: path, server: server, user: user, keeping: logs) }, role: role,
            beforeApplying: beforeApplying, server: server)
    }

    /// `sync(_:with:…)`, running `beforeApplying` as above.
    func sync(
        _ log: TrainingLog, with server: PostgresURL, user: String, role: String, beforeApplying: () throws -> Void
    ) async throws -> SyncReport {
        try await sync(
            start: { try start(log, server: server, user: user) }, role: role, beforeApplying: beforeApplying,
            server: server)
    }

    fileprivate typealias Exchange = (ServerLog.Pushed, ServerLog.Rows)

    /// A sync between its steps: the device's changes read (`start`), the server's answer
    /// (`exchange`), waiting to be applied to the device (`finish`). `sync` takes the three
    /// steps in a row; the benchmark takes them apart to play many devices, each of which does
    /// its own steps on its own processor.
    package final class Pending: @unchecked Sendable {
        fileprivate let device: DeviceLog
        fileprivate let outgoing: DeviceLog.Outgoing
        fileprivate let server: String
        fileprivate let user: String
        /// Where the log's connection goes back once the sync succeeded; nil: it is closed.
        fileprivate let logs: OpenLogs?
        fileprivate var answer: Exchange?
        /// When the exchange got its server connection (a pool's may keep it waiting): what the
        /// benchmark tells waiting for a connection from the exchange itself by.
        package fileprivate(set) var connectedAt: ContinuousClock.Instant?

        fileprivate init(
            device: DeviceLog, outgoing: DeviceLog.Outgoing, server: String, user: String, logs: OpenLogs?
        ) {
            self.device = device
            self.outgoing = outgoing
            self.server = server
            self.user = user
            self.logs = logs
        }
    }

    /// Opens the log at `path` (or takes its connection from `logs`) and reads what goes up to
    /// `server` as `user`.
    package func start(
        userDatabase path: String, server: PostgresURL, user: String, keeping logs: OpenLogs? = nil
    ) throws -> Pending {
        let user = try UserSession.userID(user)
        return try start(try logs?.take(path) ?? DeviceLog(path: path), server: server, user: user, keeping: logs)
    }

    /// Reads what goes up from `log`, which the app has open, through its connection
    /// (`sync(_:with:…)`).
    package func start(_ log: TrainingLog, server: PostgresURL, user: String) throws -> Pending {
        let user = try UserSession.userID(user)
        return try start(try DeviceLog(sharing: log), server: server, user: user, keeping: nil)
    }

    private func start(
        _ device: DeviceLog, server: PostgresURL, user: String, keeping logs: OpenLogs?
    ) throws -> Pending {
        Pending(
            device: device, outgoing: try device.outgoing(server: server.cursorKey, user: user),
            server: server.description, user: user, logs: logs)
    }

    /// The server's side of `pending`, through a connection of `pool`.
    package func exchange(_ pending: Pending, through pool: PostgresPool, role: String = "authenticated") async throws {
        try await exchange(pending, role: role) { work in try await pool.withConnection(work) }
    }

    /// The server's side of `pending`, on `connection` (one a pool's `fill` is preparing).
    package func exchange(
        _ pending: Pending, on connection: PostgresConnection, role: String = "authenticated"
    ) async throws {
        try await exchange(pending, role: role) { work in try await work(connection) }
    }

    private func exchange(
        _ pending: Pending, role: String,
        connected: (@escaping @Sendable (PostgresConnection) async throws -> Exchange) async throws -> Exchange
    ) async throws {
        let (outgoing, user) = (pending.outgoing, pending.user)
        do {
            pending.answer = try await connected { connection in
                pending.connectedAt = ContinuousClock.now
                return try await exchange(outgoing, user: user, role: role, on: connection)
            }
        } catch let error as PostgresStoreError where error.kind == .accountDeleted {
            // The server deleted the account (migration 0014) and wrote nothing: this device
            // records it, and changes nothing else.
            let deletedAt =
                error.detail.flatMap { detail in
                    detail.hasPrefix("deleted_at=") ? String(detail.dropFirst("deleted_at=".count)) : nil
                } ?? "a moment the server did not give"
            try pending.device.recordAccountDeletion(server: outgoing.server, user: user, deletedAt: deletedAt)
            pending.device.close()
            throw PostgresStoreError.accountDeleted(user: user, server: outgoing.server, at: deletedAt)
        }
    }

    /// Applies the server's answer to the device; what the sync did.
    package func finish(_ pending: Pending) throws -> SyncReport {
        guard let (pushed, serverLog) = pending.answer else {
            preconditionFailure("a sync finished before the server answered")
        }
        let applied = try pending.device.apply(
            serverLog, sent: pending.outgoing, pushed: pushed.written, now: now())
        if let logs = pending.logs {
            logs.keep(pending.device)
        } else {
            pending.device.close()
        }
        var report = SyncReport(
            server: pending.server, user: pending.user, tables: [], conflicts: pushed.conflicts,
            deletionsPushed: pending.outgoing.deletedIDs.count)
        for table in LogTable.all {
            report.tables.append(
                SyncReport.TableChange(
                    table: table.name, pushed: pushed.counts[table.name]?.pushed ?? 0,
                    alreadyOnServer: pushed.counts[table.name]?.same ?? 0,
                    pulled: applied[table.name]?.written ?? 0, deletedHere: applied[table.name]?.deleted ?? 0))
        }
        logger.info(
            "sync finished", metadata: ["pushed": "\(report.pushed)", "conflicts": "\(report.conflicts.count)"])
        return report
    }

    /// The three steps in a row, the exchange on a connection of its own to `server`.
    private func sync(
        start: () throws -> Pending, role: String, beforeApplying: () throws -> Void, server: PostgresURL
    ) async throws -> SyncReport {
        try await sync(start: start, role: role, beforeApplying: beforeApplying) { work in
            try await server.withConnection(applicationName: Self.applicationName, logger: logger, work)
        }
    }

    private func sync(
        start: () throws -> Pending, role: String, beforeApplying: () throws -> Void,
        connected: (@escaping @Sendable (PostgresConnection) async throws -> Exchange) async throws -> Exchange
    ) async throws -> SyncReport {
        let pending = try start()
        try await exchange(pending, role: role, connected: connected)
        try beforeApplying()
        return try finish(pending)
    }

    /// The servers (`DeviceLog.Outgoing.server`) whose login may not call `sync_exchange` before
    /// taking the user's role, so that a sync in one statement is refused: synced in four steps.
    private static let stepByStep = Mutex<Set<String>>([])

    /// The server's side, in one transaction and one call: push, then read back what changed.
    /// One push (all but a first sync of a long history) goes as one statement; several, or a
    /// server whose login cannot call `sync_exchange` itself, in a transaction of four steps.
    private func exchange(
        _ outgoing: DeviceLog.Outgoing, user: String, role: String, on connection: PostgresConnection
    ) async throws -> (ServerLog.Pushed, ServerLog.Rows) {
        if outgoing.pushes.count <= 1, !Self.stepByStep.withLock({ $0.contains(outgoing.server) }) {
            do {
                var (pushed, rows) = try await ServerLog(connection: connection, logger: logger)
                    .exchangeAlone(
                        outgoing.pushes.first ?? DeviceLog.Push(), since: outgoing.cursor, user: user, role: role)
                if !rows.subscriptionRead {
                    // A server before migration 0016: the subscription as the user, a statement of its own.
                    rows.subscription = try await UserSession(connection: connection, logger: logger).run(
                        user: user, role: role, doing: "nothing synced"
                    ) { connection in try await ServerSubscription.read(on: connection, logger: logger) }
                    rows.subscriptionRead = true
                }
                return (pushed, rows)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42501" {
                // A refusal ends the statement's transaction with nothing written, so the four steps
                // may follow. A login that may not call `sync_exchange` before taking the role gets
                // them from now on; the message is matched only for that memory, never to decide the
                // retry, so a server that answers in another language still syncs. Any other
                // refusal comes back from the four steps as it would have.
                if error.serverInfo?[.message]?.contains("sync_exchange") == true {
                    Self.stepByStep.withLock { _ = $0.insert(outgoing.server) }
                }
            } catch {
                throw PostgresStoreError.from(error, doing: "nothing synced")
            }
        }
        return try await UserSession(connection: connection, logger: logger).run(
            user: user, role: role, doing: "nothing synced"
        ) { connection in
            var (pushed, rows) = try await ServerLog(connection: connection, logger: logger)
                .exchange(outgoing.pushes, since: outgoing.cursor)
            if !rows.subscriptionRead {
                rows.subscription = try await ServerSubscription.read(on: connection, logger: logger)
            }
            return (pushed, rows)
        }
    }
}

/// A table of the training log, in the order parents come before children: the log's own
/// description of its tables (`TrainingLogSchema.syncedTables`, from its records).
typealias LogTable = SyncedLogTable

extension SyncedLogTable {
    static var all: [SyncedLogTable] { TrainingLogSchema.syncedTables }
}
