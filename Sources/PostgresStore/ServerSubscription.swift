import Foundation
import GRDB
import Logging
import PostgresNIO

/// The user's row of the server's `subscriptions` (migration 0015) in the device's formats
/// (training-log 0007: moments as `Timestamp` text, flags as 0/1), read as the user inside the
/// sync's transaction: the device keeps a copy, read-only, which gates starting a programme or a
/// workout there (business rules §14). Nil: the server holds none for the user.
struct ServerSubscription: Sendable, Hashable {
    var plan: String
    var expiresAt: String
    var isTrial: Bool
    var inBillingRetry: Bool
    var gracePeriodEndsAt: String?
    var revokedAt: String?
    var willRenew: Bool
    /// The server's moment of reading it.
    var checkedAt: String

    /// The user's row (nil: the server holds none) and the server's moment of asking.
    static func read(
        on connection: PostgresConnection, logger: Logger
    ) async throws -> (subscription: ServerSubscription?, checkedAt: String) {
        let format = #"YYYY-MM-DD"T"HH24:MI:SS.MS"Z""#
        let rows = try await connection.query(
            """
            SELECT s.plan, to_char(s.expires_at AT TIME ZONE 'UTC', \(format)), s.is_trial, s.in_billing_retry,
                   to_char(s.grace_period_ends_at AT TIME ZONE 'UTC', \(format)),
                   to_char(s.revoked_at AT TIME ZONE 'UTC', \(format)), s.will_renew,
                   to_char(now() AT TIME ZONE 'UTC', \(format))
            FROM (SELECT 1) AS asked LEFT JOIN subscriptions AS s ON s.user_id = (SELECT auth.uid())
            """, logger: logger)
        var subscription: ServerSubscription?
        var checkedAt = ""
        for try await (plan, expires, trial, retry, grace, revoked, renew, checked) in rows.decode(
            (String?, String?, Bool?, Bool?, String?, String?, Bool?, String).self)
        {
            checkedAt = checked
            guard let plan, let expires, let trial, let retry, let renew else { continue }
            subscription = ServerSubscription(
                plan: plan, expiresAt: expires, isTrial: trial, inBillingRetry: retry, gracePeriodEndsAt: grace,
                revokedAt: revoked, willRenew: renew, checkedAt: checked)
        }
        return (subscription, checkedAt)
    }

    /// Makes the device's copy this (nil: the server holds none, a user who never started the
    /// trial, whom the device then treats as expired), and records the check (training-log 0008),
    /// when the device's log has the tables (a log the app has not yet migrated to them keeps
    /// nothing, and gates nothing).
    static func store(
        _ subscription: ServerSubscription?, user: String, checkedAt: String, in db: Database
    ) throws {
        guard try db.tableExists("subscription") else { return }
        try db.execute(sql: "DELETE FROM subscription")
        if !checkedAt.isEmpty, try db.tableExists("subscription_checked") {
            try db.execute(
                sql: """
                    INSERT INTO subscription_checked (singleton, user_id, checked_at) VALUES (1, ?, ?)
                    ON CONFLICT (singleton) DO UPDATE SET user_id = excluded.user_id, checked_at = excluded.checked_at
                    """, arguments: [user, checkedAt])
        }
        guard let subscription else { return }
        try db.execute(
            sql: """
                INSERT INTO subscription (singleton, user_id, plan, expires_at, is_trial, in_billing_retry,
                    grace_period_ends_at, revoked_at, will_renew, checked_at)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                user, subscription.plan, subscription.expiresAt, subscription.isTrial, subscription.inBillingRetry,
                subscription.gracePeriodEndsAt, subscription.revokedAt, subscription.willRenew, subscription.checkedAt,
            ])
    }
}
