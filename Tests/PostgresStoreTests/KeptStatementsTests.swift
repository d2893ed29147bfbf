import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import PostgresStore

extension PostgresTests.SyncTests {
    @Test("a log kept open between syncs compiles the sync's statements once, not again at each sync")
    func keptLogCompilesItsStatementsOnce() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            let logs = OpenLogs()
            defer { logs.close() }
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            for _ in 0..<3 {
                _ = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            }
            // How often SQLite compiled the cached statements again (an expired statement is
            // compiled again at its next step), read on the kept connection.
            let device = try logs.take(a.path)
            defer { logs.keep(device) }
            let compiledAgain = try Self.cursorStatements(device, [SQLITE_STMTSTATUS_REPREPARE]).flatMap { $0 }
            #expect(compiledAgain == [0, 0])
        }
    }

    /// SQLite's counters `kinds` (`SQLITE_STMTSTATUS_…`) on `device`'s connection, for the
    /// cursor's read, which the sync's reading step runs, and the cursor's store, which its
    /// writing step runs.
    static func cursorStatements(_ device: DeviceLog, _ kinds: [Int32]) throws -> [[Int32]] {
        try device.queue.inDatabase { db in
            try [DeviceLog.SQL.cursor, DeviceLog.SQL.storeCursor].map { sql in
                let statement = try db.cachedStatement(sql: sql).sqliteStatement
                return kinds.map { sqlite3_stmt_status(statement, $0, 0) }
            }
        }
    }

    /// The SQL of every statement the connection holds compiled (GRDB's caches).
    static func compiled(_ device: DeviceLog) -> Set<String> {
        device.queue.inDatabase { db in
            var texts: Set<String> = []
            var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
            while let current = statement {
                texts.insert(String(cString: sqlite3_sql(current)))
                statement = sqlite3_next_stmt(db.sqliteConnection, current)
            }
            return texts
        }
    }

    @Test("a log opened ahead of its first sync has that sync's statements compiled, but the server rows' writes")
    func openedLogCompilesAheadOfItsFirstSync() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            _ = try await Self.sync(a, server)
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let logs = OpenLogs()
            defer { logs.close() }
            try logs.open(a.path)
            var device = try logs.take(a.path)
            let opened = Self.compiled(device)
            logs.keep(device)
            let report = try await LogSync().sync(userDatabase: a.path, with: server, user: Self.user, keeping: logs)
            device = try logs.take(a.path)
            defer { logs.keep(device) }
            let added = Self.compiled(device).subtracting(opened)
            #expect(report.pushed > 0)
            #expect(opened.contains(DeviceLog.SQL.cursor) && opened.contains(DeviceLog.SQL.storeCursor))
            // What the first sync compiled itself: only the statements that write the rows the
            // server sent back, whose columns the answer names.
            let others = added.filter { !($0.hasPrefix("INSERT INTO ") && $0.contains("ON CONFLICT (id) DO UPDATE")) }
            #expect(others.isEmpty, "\(others)")
        }
    }

    @Test("an app's log got ready for its syncs has the first sync's statements compiled on the app's connection")
    func preparedAppLogCompilesAheadOfItsFirstSync() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            _ = try await Self.sync(a, server)
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let before = Self.compiled(try DeviceLog(sharing: a.log))
            try LogSync.prepare(a.log)
            let opened = Self.compiled(try DeviceLog(sharing: a.log))
            #expect(opened.subtracting(before).contains(DeviceLog.SQL.storeCursor))
            let report = try await LogSync().sync(a.log, with: server, user: Self.user)
            let added = Self.compiled(try DeviceLog(sharing: a.log)).subtracting(opened)
            #expect(report.pushed > 0)
            let others = added.filter { !($0.hasPrefix("INSERT INTO ") && $0.contains("ON CONFLICT (id) DO UPDATE")) }
            #expect(others.isEmpty, "\(others)")
        }
    }

    @Test("an app's syncs run on its connection, their statements kept compiled through its reads and writes")
    func appLogKeepsTheSyncsStatementsBetweenSyncs() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try LogSync.prepare(a.log)
            for index in 0..<3 {
                // What an app does between syncs: it logs a workout, and shows the log.
                try a.workout(index, at: "2026-01-0\(5 + index)T18:00:00Z")
                #expect(try a.log.currentWorkout() == nil && a.log.workoutHistory().count == index + 1)
                let report = try await LogSync().sync(a.log, with: server, user: Self.user)
                #expect(report.pushed > 0)
            }
            // Read on the app's connection: how often each of the sync's two steps ran its
            // statement there, and how often SQLite compiled them again.
            let statuses = try Self.cursorStatements(
                DeviceLog(sharing: a.log), [SQLITE_STMTSTATUS_RUN, SQLITE_STMTSTATUS_REPREPARE])
            #expect(statuses == [[3, 0], [3, 0]], "[[runs, compiled again]] of the cursor's read and store")
        }
    }
}
