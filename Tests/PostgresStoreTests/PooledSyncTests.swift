import Foundation
import PostgresNIO
import PostgresStore
import Synchronization
import TestSupport
import Testing

extension PostgresTests.SyncTests {
    /// The server sessions `traindb sync` holds open, with who each acts as right now.
    static func syncSessions(_ server: PostgresURL) async throws -> [(pid: Int32, state: String)] {
        try await server.withTestConnection { connection in
            try await connection.rows(
                (Int32, String).self,
                """
                SELECT pid, state FROM pg_stat_activity
                WHERE datname = current_database() AND application_name = \(LogSync.applicationName)
                """)
        }
    }

    /// The sync's sessions left once a pool or connection was closed: a server process leaves
    /// `pg_stat_activity` a moment after its client said goodbye (it exits on its own time, on a
    /// loaded machine tens of milliseconds later), so this asks again until none is left, for at
    /// most 10 seconds, and returns what it last saw.
    static func syncSessionsOnceClosed(_ server: PostgresURL) async throws -> [(pid: Int32, state: String)] {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let sessions = try await syncSessions(server)
            if sessions.isEmpty || ContinuousClock.now >= deadline { return sessions }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("syncs of two users through a pool share one connection, and nothing of one user's sync is left on it")
    func pooledSyncsShareAConnection() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            let other = try SyncDevice(path: directory.path("other.sqlite"), seed: 3, now: "2026-01-05T08:00:00Z")
            try other.startProgramme()
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            try other.workout(1, at: "2026-01-06T18:00:00Z")
            let pool = PostgresPool(server: server, size: 1, applicationName: LogSync.applicationName)
            let mine = try await LogSync().sync(userDatabase: a.path, through: pool, user: Self.user)
            let theirs = try await LogSync().sync(userDatabase: other.path, through: pool, user: Self.otherUser)
            #expect(mine.pushed > 0 && theirs.pushed > 0 && mine.conflicts.isEmpty && theirs.conflicts.isEmpty)

            let sessions = try await Self.syncSessions(server)
            #expect(sessions.count == 1 && sessions.first?.state == "idle", "\(sessions)")
            // The connection is the one both syncs used, back to its login role, with no claims.
            let (pid, role, claims) = try await pool.withConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT pg_backend_pid(), current_user::text,
                        coalesce(current_setting('request.jwt.claims', true), '')
                    """,
                    logger: PostgresTests.AccessTests.logger)
                for try await row in rows.decode((Int32, String, String).self) { return row }
                return (Int32(0), "", "")
            }
            #expect(pid == sessions.first?.pid)
            #expect(role == server.user && claims.isEmpty, "\(role) \(claims)")
            await pool.close()
            #expect(try await Self.syncSessionsOnceClosed(server).isEmpty, "close() leaves no session open")
            let closed = await #expect(throws: PostgresStoreError.self) {
                try await LogSync().sync(userDatabase: a.path, through: pool, user: Self.user)
            }
            #expect(closed?.message.contains("were closed: nothing was sent") == true, "\(closed?.message ?? "")")

            let sets = try await Self.owners("logged_sets", server)
            #expect(sets[Self.user] == (mine.tables.first { $0.table == "logged_sets" }?.pushed ?? -1))
            #expect(sets[Self.otherUser] == (theirs.tables.first { $0.table == "logged_sets" }?.pushed ?? -1))
        }
    }

    @Test("a filled pool opens its connections before any sync, prepares each once, and its syncs open no other")
    func filledPool() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            // A preparation that fails closes its connection and fails the filling.
            let failing = PostgresPool(server: server, size: 2, applicationName: LogSync.applicationName)
            await #expect(throws: PostgresTestError.self) {
                try await failing.fill { _ in throw PostgresTestError("not ready") }
            }
            #expect(try await Self.syncSessionsOnceClosed(server).isEmpty)
            await failing.close()

            let pool = PostgresPool(server: server, size: 3, applicationName: LogSync.applicationName)
            let prepared = Mutex<[Int32]>([])
            try await pool.fill { connection in
                let pid = try await connection.rows(Int32.self, "SELECT pg_backend_pid()")
                prepared.withLock { $0 += pid }
            }
            let pids = prepared.withLock { $0 }
            #expect(pids.count == 3 && Set(pids).count == 3, "each connection prepared once: \(pids)")
            #expect(Set(try await Self.syncSessions(server).map(\.pid)) == Set(pids))
            // A full pool opens nothing more, and its syncs go through the connections it holds.
            try await pool.fill { _ in Issue.record("a full pool prepared a connection again") }
            let report = try await LogSync().sync(userDatabase: a.path, through: pool, user: Self.user)
            #expect(report.pushed > 0 && report.conflicts.isEmpty)
            let sessions = try await Self.syncSessions(server)
            #expect(Set(sessions.map(\.pid)) == Set(pids) && sessions.allSatisfy { $0.state == "idle" }, "\(sessions)")
            await pool.close()
            #expect(try await Self.syncSessionsOnceClosed(server).isEmpty)
        }
    }

    @Test(
        """
        sixty calls at once through a pool of two: each gets its own answer on one of two server sessions, a call \
        that fails costs only its own connection, and the pool closes with none left open
        """
    )
    func manyCallsThroughTwoConnections() async throws {
        try await PostgresTestServer.withDatabase { server in
            let pool = PostgresPool(server: server, size: 2, applicationName: LogSync.applicationName)
            let answers = try await withThrowingTaskGroup(of: (Int, Result<[Int32], any Error>).self) { group in
                for call in 0..<60 {
                    group.addTask {
                        do {
                            return (
                                call,
                                .success(
                                    try await pool.withConnection { connection in
                                        if call == 30 { throw PostgresTestError("call 30 fails") }
                                        let rows = try await connection.rows(
                                            (Int32, Int32).self, "SELECT \(Int32(call)), pg_backend_pid()")
                                        return rows.flatMap { [$0.0, $0.1] }
                                    })
                            )
                        } catch {
                            return (call, .failure(error))
                        }
                    }
                }
                var answers: [Int: Result<[Int32], any Error>] = [:]
                for try await (call, answer) in group { answers[call] = answer }
                return answers
            }
            #expect(answers.count == 60)
            var sessions: Set<Int32> = []
            for (call, answer) in answers {
                switch answer {
                case .success(let row):
                    #expect(row.first == Int32(call), "call \(call) got \(row)")
                    if let pid = row.last { sessions.insert(pid) }
                case .failure(let error):
                    #expect(call == 30, "call \(call) failed: \(error)")
                }
            }
            // Two connections, and one more after call 30's was closed.
            #expect(sessions.count >= 2 && sessions.count <= 3, "\(sessions)")
            #expect(try await Self.syncSessions(server).count <= 2)
            let after = try await pool.withConnection { connection in
                try await connection.rows(Int32.self, "SELECT 1").count
            }
            #expect(after == 1)
            await pool.close()
            #expect(try await Self.syncSessionsOnceClosed(server).isEmpty)
        }
    }

    @Test("the server ends a pooled connection while it is idle (a restart): the pool's next call gets a new one")
    func idleConnectionEndedByServer() async throws {
        try await PostgresTestServer.withDatabase { server in
            let pool = PostgresPool(server: server, size: 1, applicationName: LogSync.applicationName)
            let pid: Int32 = try await pool.withConnection { connection in
                try await connection.rows(Int32.self, "SELECT pg_backend_pid()").first ?? 0
            }
            try await server.withTestConnection { admin in
                _ = try await admin.rows(Bool.self, "SELECT pg_terminate_backend(\(pid))")
            }
            #expect(try await Self.syncSessionsOnceClosed(server).isEmpty)
            // The driver learns of the goodbye a moment after the server sends it.
            try await Task.sleep(for: .milliseconds(200))
            let next: Int32 = try await pool.withConnection { connection in
                try await connection.rows(Int32.self, "SELECT pg_backend_pid()").first ?? 0
            }
            #expect(next != 0 && next != pid)
            await pool.close()
        }
    }

    @Test("a sync that fails on a pooled connection closes it, and the pool's next sync completes")
    func failedPooledSync() async throws {
        try await Self.withTwoDevices { server, a, _, _ in
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let pool = PostgresPool(server: server, size: 1, applicationName: LogSync.applicationName)
            // anon may not call the sync's functions: the server refuses mid-transaction.
            let refused = await #expect(throws: PostgresStoreError.self) {
                try await LogSync().sync(userDatabase: a.path, through: pool, user: Self.user, role: "anon")
            }
            #expect(refused?.code == "postgres.permission_denied", "\(refused?.message ?? "")")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == nil)
            let report = try await LogSync().sync(userDatabase: a.path, through: pool, user: Self.user)
            #expect(report.conflicts.isEmpty && report.pushed > 0)
            #expect(try await Self.syncSessions(server).count == 1)
            await pool.close()
        }
    }

    @Test("through Supabase's authenticator, which may not call the sync itself, a sync still pushes and pulls")
    func syncThroughAuthenticator() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            // A superuser's login syncs in one statement; authenticator's is refused that one
            // (it may call sync_exchange only once it has taken the user's role): four steps.
            let authenticator = PostgresTestServer.url(server, user: "authenticator")
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let sent = try #require(try Self.rows(a)["logged_sets"]?.count)
            let report = try await LogSync().sync(userDatabase: a.path, with: authenticator, user: Self.user)
            #expect(report.conflicts.isEmpty)
            #expect(report.tables.first { $0.table == "logged_sets" }?.pushed == sent, "\(report.tables)")
            #expect(try await Self.owners("logged_sets", server)[Self.user] == sent)
            try a.workout(1, at: "2026-01-07T18:00:00Z")
            let again = try await LogSync().sync(userDatabase: a.path, with: authenticator, user: Self.user)
            #expect(again.conflicts.isEmpty && again.pushed > 0)
            let idle = try await LogSync().sync(userDatabase: a.path, with: authenticator, user: Self.user)
            #expect(idle.pushed == 0, "\(idle.tables)")
            _ = try await LogSync().sync(userDatabase: b.path, with: server, user: Self.user)
            #expect(try Self.rows(b) == Self.rows(a))
        }
    }

    @Test("a pushed workout is not downloaded again by the device that pushed it, and the next sync has nothing to do")
    func pushedRowsStayHome() async throws {
        try await Self.withTwoDevices { server, a, b, _ in
            _ = try await Self.sync(a, server)
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let before = try Self.rows(a)
            let push = try await Self.sync(a, server)
            let sets = try #require(push.tables.first { $0.table == "logged_sets" })
            #expect(sets.pushed == before["logged_sets"]?.count && sets.pulled == 0, "\(sets)")
            #expect(try Self.rows(a) == before)
            let idle = try await Self.sync(a, server)
            #expect(idle.pushed == 0 && idle.tables.allSatisfy { $0.pulled == 0 }, "\(idle.tables)")
            // Another device of the user downloads every row, and holds the same text.
            let other = try await Self.sync(b, server)
            #expect(other.tables.first { $0.table == "logged_sets" }?.pulled == sets.pushed)
            #expect(try Self.rows(b) == Self.rows(a))
        }
    }
}
