import Foundation
import Logging
import PostgresNIO

/// A transaction on the server as one user, as Supabase's API runs a request: the role
/// (`authenticated` for a user's token, `service_role` for the project's own jobs) and the JWT
/// claims whose `sub` `auth.uid()` reads, so row-level security and every function that names
/// `auth.uid()` see that user. Committed when `body` returns, rolled back when it throws.
package struct UserSession {
    package let connection: PostgresConnection
    package let logger: Logger

    package init(connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs `body` in a transaction as `user` in `role`. With `takingTurn`, the transaction
    /// first waits for the user's turn (the transaction-scoped advisory lock on the user's id
    /// that `sync_exchange` takes), in the same statement that sets the role and claims: one
    /// round trip fewer than a statement of its own.
    package func run<Value>(
        user: String, role: String, doing: String, takingTurn: Bool = false,
        _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        do {
            try await connection.query("BEGIN", logger: logger)
            // As Supabase's API does it: the role and the claims, both for this transaction alone.
            let claims = #"{"sub": "\#(user)", "role": "\#(role)"}"#
            if takingTurn {
                // The key `hashtextextended(auth.uid()::text, 0)` gives: `user` is a lowercase UUID.
                try await connection.query(
                    """
                    SELECT set_config('role', \(role), true), set_config('request.jwt.claims', \(claims), true),
                        pg_advisory_xact_lock(hashtextextended(\(user), 0))
                    """, logger: logger)
            } else {
                try await connection.query(
                    "SELECT set_config('role', \(role), true), set_config('request.jwt.claims', \(claims), true)",
                    logger: logger)
            }
            let value = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return value
        } catch {
            // The server rolls back a transaction whose session ends; on a session it ended
            // itself, a ROLLBACK would wait for an answer that never comes.
            if !connection.isClosed {
                await waitAtMost(2) { [connection, logger] in
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                }
            }
            throw PostgresStoreError.from(error, doing: doing)
        }
    }

    /// `user` as a lowercase UUID, or an error naming it.
    package static func userID(_ user: String) throws -> String {
        guard let uuid = UUID(uuidString: user) else {
            throw PostgresStoreError(.invalidUser, "\"\(user)\" is not a user id (a UUID)")
        }
        return uuid.uuidString.lowercased()
    }
}
