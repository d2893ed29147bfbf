import Catalog
import Foundation
import Logging
import PostgresNIO

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
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiting: [CheckedContinuation<PostgresConnection?, Never>] = []
    /// Set by `close()`: no connection is lent or kept after it.
    private var isClosed = false

    public init(server: PostgresURL, size: Int, applicationName: String, logger: Logger = .silent) {
        self.server = server
        self.size = max(1, size)
        self.applicationName = applicationName
        self.logger = logger
    }

    /// Runs `body` with a connection of the pool, bounded as `PostgresURL.withConnection` is.
    public nonisolated func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await lease()
        do {
            let result = try await server.answering(on: connection, body)
            await giveBack(connection)
            return result
        } catch {
            await discard(connection)
            throw error
        }
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
        do {
            while open < size, !isClosed {
                open += 1
                let connection: PostgresConnection
                do {
                    connection = try await server.connect(applicationName: applicationName, logger: logger)
                } catch {
                    open -= 1
                    wakeOne(with: nil)
                    throw error
                }
                do {
                    try await server.answering(on: connection, prepare)
                } catch {
                    await discard(connection)
                    throw error
                }
                opened.append(connection)
            }
        } catch {
            for connection in opened { await giveBack(connection) }
            throw error
        }
        for connection in opened { await giveBack(connection) }
    }

    /// Closes every idle connection; connections in use close when they come back, and a use
    /// that waited for one, or asks after this, fails.
    public func close() async {
        isClosed = true
        let closing = idle
        idle = []
        open -= closing.count
        for waiter in waiting { waiter.resume(returning: nil) }
        waiting = []
        for connection in closing {
            await waitAtMost(2) { try? await connection.close() }
        }
    }

    private func lease() async throws -> PostgresConnection {
        guard !isClosed else {
            throw PostgresStoreError(.unreachable, "the connections to \(server) were closed: nothing was sent")
        }
        while let connection = idle.popLast() {
            if !connection.isClosed { return connection }
            open -= 1
        }
        if open < size {
            open += 1
            do {
                return try await server.connect(applicationName: applicationName, logger: logger)
            } catch {
                open -= 1
                wakeOne(with: nil)
                throw error
            }
        }
        // A connection given back goes straight to the longest waiting use, so that none waits
        // while later ones go first; nil means room for a new connection was made.
        if let handed = await withCheckedContinuation({ waiting.append($0) }) { return handed }
        return try await lease()
    }

    private func giveBack(_ connection: PostgresConnection) async {
        if isClosed {
            await discard(connection)
        } else if connection.isClosed {
            open -= 1
            wakeOne(with: nil)
        } else if !waiting.isEmpty {
            waiting.removeFirst().resume(returning: connection)
        } else {
            idle.append(connection)
        }
    }

    private func discard(_ connection: PostgresConnection) async {
        open -= 1
        wakeOne(with: nil)
        await waitAtMost(2) { try? await connection.close() }
    }

    private func wakeOne(with connection: PostgresConnection?) {
        if !waiting.isEmpty { waiting.removeFirst().resume(returning: connection) }
    }
}
