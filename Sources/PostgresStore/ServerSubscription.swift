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

    /// The row read by a statement of its own: for a server whose `sync_exchange` predates 0016.
    static func read(on connection: PostgresConnection, logger: Logger) async throws -> ServerSubscription? {
        let format = #"YYYY-MM-DD"T"HH24:MI:SS.MS"Z""#
        let rows = try await connection.query(
            """
            SELECT plan, to_char(expires_at AT TIME ZONE 'UTC', \(format)), is_trial, in_billing_retry,
                   to_char(grace_period_ends_at AT TIME ZONE 'UTC', \(format)),
                   to_char(revoked_at AT TIME ZONE 'UTC', \(format)), will_renew,
                   to_char(now() AT TIME ZONE 'UTC', \(format))
            FROM subscriptions WHERE user_id = (SELECT auth.uid())
            """, logger: logger)
        var subscription: ServerSubscription?
        for try await (plan, expires, trial, retry, grace, revoked, renew, checked) in rows.decode(
            (String, String, Bool, Bool, String?, String?, Bool, String).self)
        {
            subscription = ServerSubscription(
                plan: plan, expiresAt: expires, isTrial: trial, inBillingRetry: retry, gracePeriodEndsAt: grace,
                revokedAt: revoked, willRenew: renew, checkedAt: checked)
        }
        return subscription
    }

    /// The device's copy: training-log migration 0007's table, which a log the app has not yet
    /// migrated to it lacks (such a log keeps nothing, and gates nothing).
    static let deviceTable = "subscription"

    /// Where the device records that a sync asked (training-log migration 0008), which a log the
    /// app has not yet migrated to it lacks.
    static let checkTable = "subscription_checked"

    /// The statements by which a sync writes the device's copy of the subscription and its check.
    enum DeviceSQL {
        static let storeCheck = """
            INSERT INTO subscription_checked (singleton, user_id, checked_at) VALUES (1, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET user_id = excluded.user_id, checked_at = excluded.checked_at
            """
        /// By its key, so that a log with no copy writes nothing (a bare DELETE clears the
        /// table's page whether or not it holds a row).
        static let forget = "DELETE FROM subscription WHERE singleton = 1"
        /// One statement in place of a DELETE and an INSERT: the row replaced where it is.
        static let store = """
            INSERT INTO subscription (singleton, user_id, plan, expires_at, is_trial, in_billing_retry,
                grace_period_ends_at, revoked_at, will_renew, checked_at)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET user_id = excluded.user_id, plan = excluded.plan,
                expires_at = excluded.expires_at, is_trial = excluded.is_trial,
                in_billing_retry = excluded.in_billing_retry, grace_period_ends_at = excluded.grace_period_ends_at,
                revoked_at = excluded.revoked_at, will_renew = excluded.will_renew, checked_at = excluded.checked_at
            """
    }

    /// Makes the device's copy this (nil: the server holds none, a user who never started the
    /// trial, whom the device then treats as expired), and records the check at `checkedAt`
    /// (training-log 0008; the server's moment with a row, the device's without, as 0016's
    /// `sync_exchange` answers null then; nil: the log has no `checkTable`), in a log that has the
    /// table (`deviceTable`). The caller knows which tables the log has: no schema read per sync.
    static func store(
        _ subscription: ServerSubscription?, user: String, checkedAt: String?, in db: Database
    ) throws {
        // Cached statements: a connection kept between syncs prepares each once.
        if let checkedAt, !checkedAt.isEmpty {
            try db.cachedStatement(sql: DeviceSQL.storeCheck).execute(arguments: [user, checkedAt])
        }
        guard let subscription else {
            try db.cachedStatement(sql: DeviceSQL.forget).execute()
            return
        }
        try db.cachedStatement(sql: DeviceSQL.store).execute(
            arguments: [
                user, subscription.plan, subscription.expiresAt, subscription.isTrial, subscription.inBillingRetry,
                subscription.gracePeriodEndsAt, subscription.revokedAt, subscription.willRenew, subscription.checkedAt,
            ])
    }
}

extension ServerSubscription {
    /// The row as `sync_exchange` gives it (migration 0016): `{"plan": …, "expires_at": …,
    /// "is_trial": true, …, "checked_at": …}`; nil when it is not such an object.
    init?(json: [String: Any]) {
        guard let plan = json["plan"] as? String, let expiresAt = json["expires_at"] as? String,
            let isTrial = (json["is_trial"] as? NSNumber)?.boolValue,
            let inBillingRetry = (json["in_billing_retry"] as? NSNumber)?.boolValue,
            let willRenew = (json["will_renew"] as? NSNumber)?.boolValue,
            let checkedAt = json["checked_at"] as? String
        else { return nil }
        self.init(
            plan: plan, expiresAt: expiresAt, isTrial: isTrial, inBillingRetry: inBillingRetry,
            gracePeriodEndsAt: json["grace_period_ends_at"] as? String, revokedAt: json["revoked_at"] as? String,
            willRenew: willRenew, checkedAt: checkedAt)
    }
}
