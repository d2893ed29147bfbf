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
            // compiled again at its next step), read on the kept connection: the cursor's, which
            // the sync's reading step runs, and the cursor's store, which its writing step runs.
            let device = try logs.take(a.path)
            defer { logs.keep(device) }
            let compiledAgain = try device.queue.inDatabase { db in
                try [DeviceLog.SQL.cursor, DeviceLog.SQL.storeCursor].map { sql in
                    let statement = try db.cachedStatement(sql: sql).sqliteStatement
                    return sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0)
                }
            }
            #expect(compiledAgain == [0, 0])
        }
    }

    @Test("the sync's connection reads the log through a memory map")
    func syncMapsTheLog() async throws {
        try await Self.withTwoDevices { _, a, _, _ in
            let device = try DeviceLog(path: a.path)
            defer { device.close() }
            let mapped = try device.queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") }
            #expect(mapped == DeviceLog.mappedBytes)
        }
    }
}
