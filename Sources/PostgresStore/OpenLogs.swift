import Foundation
import Synchronization

/// Training logs' connections kept open between syncs, for a caller that syncs the same logs
/// again and again (an app syncing its user's log, a service, the benchmark): pass one to
/// `LogSync.sync(…, keeping:)`. A sync that opens its log costs SQLite a new connection, the
/// schema read, every statement prepared, the write-ahead log indexed again (SQLite rebuilds
/// its index when a file is opened by no other connection) and its pages read in afresh; a
/// kept connection pays for these once.
///
/// Nothing is checked less: every sync still checks, in its own transactions, that the log has
/// the sync's tables, and notices a schema another program changed meanwhile (the app's
/// migrations). A kept connection is used again only while its path still names the file it
/// opened: a log removed, restored from a backup or made afresh is opened anew. One sync uses
/// a connection at a time; a second sync of the same log meanwhile opens its own. A sync that
/// fails closes its connection rather than keeping it.
///
/// `close()` closes the kept connections, each as a sync that kept none closes its own.
public final class OpenLogs: Sendable {
    private let kept = Mutex<[String: DeviceLog]>([:])

    public init() {}

    deinit {
        close()
    }

    /// How many connections are kept open now.
    public var count: Int {
        kept.withLock { $0.count }
    }

    /// Closes every kept connection.
    public func close() {
        let all = kept.withLock { logs in
            defer { logs = [:] }
            return Array(logs.values)
        }
        for log in all { log.release() }
    }

    /// Opens the log at `path` ahead of its first sync, as an app opens its store when it
    /// starts: its schema read, checked to be a training log, and the statements each sync runs
    /// compiled (`DeviceLog.prepareStatements`), so that its first sync finds them as the next
    /// ones do. A log already kept here is left as it is.
    public func open(_ path: String) throws {
        let log = try take(path)
        do {
            try log.prepareStatements()
        } catch {
            log.release()
            throw error
        }
        keep(log)
    }

    /// The kept connection to the log at `path`, taken out until `keep` gives it back, if it
    /// still opens the file at `path`; otherwise a new one.
    func take(_ path: String) throws -> DeviceLog {
        if let log = kept.withLock({ $0.removeValue(forKey: path) }) {
            if log.isStillAtPath { return log }
            log.release()
        }
        return try DeviceLog(path: path)
    }

    /// Keeps `log`'s connection for the next sync of its file.
    func keep(_ log: DeviceLog) {
        let replaced = kept.withLock { $0.updateValue(log, forKey: log.path) }
        replaced?.release()
    }
}
