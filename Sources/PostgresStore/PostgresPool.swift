import Catalog
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Connections to one server, opened as needed (at most `size`) and kept open between uses: what
/// a service that syncs many users' devices holds, the way Supabase's API keeps a pool in front
/// of the database. A connection costs the server a process and its caches; a pooled one is
/// paid for once, not by every sync.
///
/// A connection comes back to the pool only after its work succeeded: nothing the work left
/// (a `SET LOCAL`, a transaction's claims) outlives the transaction, and one that failed is
/// closed rather than trusted. `close()` closes the idle ones; call it when done.
public actor PostgresPool {
    public nonisolated let server: PostgresURL
    public nonisolated let size: Int
    private let applicationName: String
    private let logger: Logger
    /// Connections opened or being opened, each served by a worker of its own (`serve`).
    private var open = 0
    /// Work waiting for a connection, oldest first.
    private var queued: [Job] = []
    /// Workers whose connection is free, waiting for work, with their connections (the one freed
    /// last at the end).
    private var idle: [(worker: CheckedContinuation<Job?, Never>, connection: PostgresConnection)] = []
    /// Set by `close()`: no connection is lent or kept after it.
    private var isClosed = false

    public init(server: PostgresURL, size: Int, applicationName: String, logger: Logger = .silent) {
        self.server = server
        self.size = max(1, size)
        self.applicationName = applicationName
        self.logger = logger
    }

    /// One use of a connection: `run` does the work and answers its caller, or returns why it
    /// failed, for `fail` to tell the caller once the connection is closed; `fail` also tells a
    /// caller that got no connection why.
    private struct Job: Sendable {
        let run: @Sendable (PostgresConnection) async -> (any Error)?
        let fail: @Sendable (any Error) -> Void
    }

    /// Runs `body` with a connection of the pool, bounded as `PostgresURL.withConnection` is.
    ///
    /// Each connection is served by a worker of its own, which takes the next call's work as soon
    /// as the last one's answer is in: the connection goes on to the next call without waiting
    /// for the caller that waited longest to be scheduled first, as it did when the caller took
    /// the connection itself (several hand-overs between threads, on a busy machine a millisecond
    /// or more, in which the server had nothing to do).
    public nonisolated func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let reply = Reply<Result>()
        let server = self.server
        await submit(
            Job(
                run: { connection in
                    do {
                        reply.finish(with: .success(try await server.answering(on: connection, body)))
                        return nil
                    } catch {
                        return error
                    }
                },
                fail: { error in reply.finish(with: .failure(error)) }))
        return try await reply.value()
    }

    /// Opens the pool's connections up to its size now, running `prepare` on each while all of
    /// them are held (so that each is prepared, not one again and again), then lends them as
    /// any: how a service fills its pool when it starts, so that its first requests do not wait
    /// for new server processes, their first look at the catalogues and their first plans. A
    /// connection whose opening or preparing fails is closed and the error thrown; those opened
    /// before it stay in the pool.
    public func fill(
        preparing prepare: @escaping @Sendable (PostgresConnection) async throws -> Void = { _ in }
    ) async throws {
        var opened: [PostgresConnection] = []
        defer { for connection in opened { startWorker(with: connection) } }
        while open < size, !isClosed {
            open += 1
            let connection: PostgresConnection
            do {
                connection = try await server.connect(applicationName: applicationName, logger: logger)
            } catch {
                open -= 1
                openForWaitingWork()
                throw error
            }
            do {
                try await server.answering(on: connection, prepare)
            } catch {
                open -= 1
                openForWaitingWork()
                await waitAtMost(2) { try? await connection.close() }
                throw error
            }
            opened.append(connection)
        }
    }

    /// Closes every idle connection; connections in use close when their work is done, and work
    /// that waited for one, or asks after this, fails.
    public func close() async {
        isClosed = true
        let closing = idle
        idle = []
        open -= closing.count
        let waiting = queued
        queued = []
        for job in waiting { job.fail(Self.closedError(server)) }
        for (worker, _) in closing { worker.resume(returning: nil) }
        for (_, connection) in closing {
            await waitAtMost(2) { try? await connection.close() }
        }
    }

    private static func closedError(_ server: PostgresURL) -> PostgresStoreError {
        PostgresStoreError(.unreachable, "the connections to \(server) were closed: nothing was sent")
    }

    /// `job` to a free connection's worker, or queued; a new connection opened for it while the
    /// pool has room.
    private func submit(_ job: Job) {
        guard !isClosed else { return job.fail(Self.closedError(server)) }
        // The connection that served last, its server process's caches the warmest; one the
        // server ended while it was idle (a restart) is let go, and the next one tried.
        while let free = idle.popLast() {
            guard free.connection.isClosed else {
                free.worker.resume(returning: job)
                return
            }
            open -= 1
            free.worker.resume(returning: nil)
        }
        queued.append(job)
        openForWaitingWork()
    }

    /// A new connection and its worker while work waits and the pool has room.
    private func openForWaitingWork() {
        if !queued.isEmpty, !isClosed, open < size {
            open += 1
            startWorker(with: nil)
        }
    }

    /// A worker for `connection`, or for a connection it opens first.
    private nonisolated func startWorker(with connection: PostgresConnection?) {
        Task { await serve(connection) }
    }

    /// Serves the queued work on one connection, one job at a time, until the pool closes or a
    /// job fails (a connection whose work failed is closed rather than trusted).
    private nonisolated func serve(_ given: PostgresConnection?) async {
        let connection: PostgresConnection
        if let given {
            connection = given
        } else {
            do {
                connection = try await server.connect(applicationName: applicationName, logger: logger)
            } catch {
                await openingFailed(error)
                return
            }
        }
        var next = await nextJob(for: connection)
        while let job = next {
            if let error = await job.run(connection) {
                await discard(connection)
                job.fail(error)
                return
            }
            guard !connection.isClosed else {
                await discard(connection)
                return
            }
            next = await nextJob(for: connection)
        }
    }

    /// The oldest queued job for `connection`'s worker, or nil once the pool is closed (the
    /// connection then closed); with none queued, the worker waits idle.
    private func nextJob(for connection: PostgresConnection) async -> Job? {
        if isClosed {
            open -= 1
            await waitAtMost(2) { try? await connection.close() }
            return nil
        }
        if !queued.isEmpty { return queued.removeFirst() }
        return await withCheckedContinuation { idle.append(($0, connection)) }
    }

    /// A connection could not be opened: the oldest waiting job fails with why (as its caller
    /// would have, opening it), and the next one waiting gets a try of its own.
    private func openingFailed(_ error: any Error) {
        open -= 1
        if !queued.isEmpty { queued.removeFirst().fail(error) }
        openForWaitingWork()
    }

    private func discard(_ connection: PostgresConnection) async {
        open -= 1
        openForWaitingWork()
        await waitAtMost(2) { try? await connection.close() }
    }
}

/// A call's outcome, handed from the worker that ran it to the caller waiting for it: whichever
/// comes first, the outcome or the wait, the other finds it.
private final class Reply<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case done(Result<Value, any Error>)
    }
    private let state = Mutex(State.empty)

    func finish(with outcome: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state {
            case .waiting(let continuation):
                state = .done(outcome)
                return continuation
            case .empty:
                state = .done(outcome)
                return nil
            case .done:
                return nil
            }
        }
        waiting?.resume(with: outcome)
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                switch state {
                case .empty:
                    state = .waiting(continuation)
                    return nil
                case .done(let outcome): return outcome
                case .waiting: preconditionFailure("a call's outcome waited for twice")
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
