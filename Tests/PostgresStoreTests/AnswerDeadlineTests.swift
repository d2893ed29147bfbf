import Foundation
import PostgresNIO
import Testing

@testable import PostgresStore

extension PostgresTests {
    /// A command whose answer never comes must fail once its connection's deadline
    /// (`PostgresURL.answerTimeout`) has passed, whatever the driver makes of the lost session:
    /// a sync or a service request waiting for ever holds its device, or a pooled connection, for
    /// good. Each test waits at most `patience` for the call, so that a call that never ends
    /// fails the test instead of hanging the run.
    @Suite("a command's answer deadline")
    struct AnswerDeadlineTests {
        static let logger = PostgresTestServer.logger
        /// The deadline the calls here get, in seconds.
        static let deadline = 3.0
        /// How long a test waits for a call before it counts it as hung.
        static let patience = 8.0

        @Test(
            """
            the server ends a pooled call's session while its command waits: the call fails within its deadline, \
            and the pool's next call is answered
            """
        )
        func sessionEndedMidCommand() async throws {
            try await PostgresTestServer.withDatabase { server in
                var impatient = server
                impatient.answerTimeout = Self.deadline
                let pool = PostgresPool(server: impatient, size: 1, applicationName: Self.application)
                try await server.withTestConnection { blocker in
                    // The call's command waits on a lock this session holds, inside the server.
                    try await blocker.query("BEGIN", logger: Self.logger)
                    try await blocker.query("SELECT pg_advisory_xact_lock(31)", logger: Self.logger)
                    let call = Task {
                        try await pool.withConnection { connection in
                            try await connection.query("SELECT pg_advisory_xact_lock(31)", logger: Self.logger)
                                .collect().count
                        }
                    }
                    let pid = try await Self.waitingBackend(seen: blocker)
                    // What a restart does to each client's session: the backend ends mid-command.
                    let ended = ContinuousClock.now
                    try await blocker.query("SELECT pg_terminate_backend(\(pid))", logger: Self.logger)
                    // The server says goodbye before it closes the connection: the call fails on
                    // it, well before the deadline, as a sync did when a restart ended its session.
                    try await Self.expectFailure(of: call, since: ended, within: Self.deadline / 2)
                    try await blocker.query("ROLLBACK", logger: Self.logger)
                }
                let answered = try await pool.withConnection { connection in
                    try await connection.query("SELECT 1", logger: Self.logger).collect().count
                }
                #expect(answered == 1)
                await pool.close()
            }
        }

        @Test(
            """
            the server stops answering mid-command without closing the connection: the call fails within its \
            deadline, saying the server did not answer
            """
        )
        func serverStopsAnswering() async throws {
            try await PostgresTestServer.withDatabase { server in
                var impatient = server
                impatient.answerTimeout = Self.deadline
                try await server.withTestConnection { blocker in
                    try await blocker.query("BEGIN", logger: Self.logger)
                    try await blocker.query("SELECT pg_advisory_xact_lock(31)", logger: Self.logger)
                    let started = ContinuousClock.now
                    let call = Task { [impatient] in
                        try await impatient.withConnection(applicationName: Self.application, logger: Self.logger) {
                            connection in
                            try await connection.query("SELECT pg_advisory_xact_lock(31)", logger: Self.logger)
                                .collect().count
                        }
                    }
                    let pid = try await Self.waitingBackend(seen: blocker)
                    // The backend stopped (as a host that froze): the lock comes free, and no answer
                    // follows while the connection stays open. The cluster runs on this machine.
                    guard kill(pid_t(pid), SIGSTOP) == 0 else {
                        Issue.record("cannot stop the backend \(pid): errno \(errno)")
                        return
                    }
                    let outcome: Result<Int, any Error>?
                    do {
                        defer { kill(pid_t(pid), SIGCONT) }
                        try await blocker.query("ROLLBACK", logger: Self.logger)
                        outcome = await firstOf(seconds: Self.patience) { await call.result }
                    }
                    try await blocker.query("SELECT pg_terminate_backend(\(pid))", logger: Self.logger)
                    let waited = Self.seconds(since: started)
                    switch outcome {
                    case nil:
                        Issue.record("the call was still waiting \(Self.patience) s after it started")
                    case .success(let rows):
                        Issue.record("the stopped server answered with \(rows) rows")
                    case .failure(let error):
                        let message = (error as? PostgresStoreError)?.message ?? "\(error)"
                        #expect(message.contains("did not answer within \(Int(Self.deadline)) s"), "\(message)")
                        #expect(waited < Self.deadline + 3, "the call failed after \(waited) s")
                    }
                }
            }
        }

        @Test(
            """
            a pooled call's deadline passes between two of its commands, and the next command is sent on the \
            closed connection: the call fails within its deadline all the same
            """
        )
        func deadlineBetweenCommands() async throws {
            try await PostgresTestServer.withDatabase { server in
                var impatient = server
                impatient.answerTimeout = Self.deadline
                let pool = PostgresPool(server: impatient, size: 1, applicationName: Self.application)
                let started = ContinuousClock.now
                let call = Task {
                    try await pool.withConnection { connection in
                        _ = try await connection.query("SELECT 1", logger: Self.logger).collect()
                        // Work of the caller's own, longer than the deadline (a slow device, a busy core).
                        try await Task.sleep(for: .seconds(Self.deadline + 1))
                        return try await connection.query("SELECT 1", logger: Self.logger).collect().count
                    }
                }
                try await Self.expectFailure(of: call, since: started)
                await pool.close()
            }
        }

        static let application = "traindb deadline test"

        /// The backend of this suite's call once it waits on a lock.
        static func waitingBackend(seen connection: PostgresConnection) async throws -> Int32 {
            for _ in 0..<400 {
                // Inside a transaction pg_stat_activity is a snapshot: take a fresh one.
                try await connection.query("SELECT pg_stat_clear_snapshot()", logger: logger)
                let rows = try await connection.query(
                    """
                    SELECT pid FROM pg_stat_activity
                    WHERE datname = current_database() AND application_name = \(application)
                      AND wait_event_type = 'Lock'
                    """, logger: logger)
                for try await pid in rows.decode(Int32.self) { return pid }
                try await Task.sleep(for: .milliseconds(10))
            }
            throw PostgresTestError("the call never waited on the lock")
        }

        /// Expects `call` to fail within `limit` seconds of `started` (the deadline and a margin
        /// unless given).
        static func expectFailure(
            of call: Task<Int, any Error>, since started: ContinuousClock.Instant, within limit: Double = deadline + 3
        ) async throws {
            let outcome = await firstOf(seconds: patience) { await call.result }
            let waited = seconds(since: started)
            switch outcome {
            case nil: Issue.record("the call was still waiting \(patience) s after it started")
            case .success(let rows): Issue.record("the ended session answered with \(rows) rows")
            case .failure: #expect(waited < limit, "the call failed after \(waited) s")
            }
        }

        static func seconds(since start: ContinuousClock.Instant) -> Double {
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
    }
}
