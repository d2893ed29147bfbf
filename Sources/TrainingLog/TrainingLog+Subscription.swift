import Foundation
import GRDB
import Subscription
import TrainingCalendar

/// The user's subscription as the last sync brought it down (the `subscription` table, which
/// only the sync writes): what gates starting a programme or a workout (business rules §14).
public struct SyncedSubscription: Hashable, Sendable {
    /// The user the server answered for.
    public var user: String
    /// The App Store's facts, as the server holds them.
    public var state: SubscriptionState
    /// When the sync read it from the server.
    public var checkedAt: Date
}

extension TrainingLog {
    /// The subscription the last sync brought down; nil when the device has none (it never
    /// synced, or the server holds none for the user: `subscriptionStatus(at:)` tells which).
    public func subscription() throws(TrainingLogError) -> SyncedSubscription? {
        try read { db, _ in try syncedSubscription(db) }
    }

    /// The status at `now` as the last sync left it (business rules §14): the synced row's; expired
    /// when that sync found no row for the user (no current period: they never started the free
    /// trial); nil when no sync has asked the server yet, and then nothing is gated here.
    public func subscriptionStatus(at now: Date) throws(TrainingLogError) -> SubscriptionStatus? {
        try read { db, _ in try syncedStatus(db, at: now) }
    }

    /// Refuses what only a subscriber may do (starting a programme or a workout) when the synced
    /// status is expired at `now`, with the words the app shows.
    func requireSubscription(_ db: Database, now: Date) throws {
        guard try syncedStatus(db, at: now) == .expired else { return }
        throw TrainingLogError(.subscriptionExpired, SubscriptionMessage.expired)
    }

    func syncedStatus(_ db: Database, at now: Date) throws -> SubscriptionStatus? {
        if let synced = try syncedSubscription(db) { return synced.state.status(at: now) }
        // A log the app has not migrated to 0008 yet has no record of a check: nothing gated.
        guard try db.tableExists("subscription_checked"),
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM subscription_checked)") == true
        else { return nil }
        return .expired
    }

    func syncedSubscription(_ db: Database) throws -> SyncedSubscription? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT user_id, plan, expires_at, is_trial, in_billing_retry, grace_period_ends_at, revoked_at,
                           will_renew, checked_at
                    FROM subscription
                    """)
        else { return nil }
        func moment(_ column: String) throws -> Date? {
            guard let text = String.fromDatabaseValue(row[column] as DatabaseValue) else { return nil }
            guard let date = Timestamp.parse(text) else {
                throw TrainingLogError(
                    .storeUnreadable, "the training log \(name)'s subscription has \(column) \(text), not a moment")
            }
            return date
        }
        let planName = String.fromDatabaseValue(row["plan"] as DatabaseValue) ?? ""
        guard let plan = SubscriptionPlan(rawValue: planName), let expires = try moment("expires_at"),
            let checked = try moment("checked_at")
        else {
            throw TrainingLogError(
                .storeUnreadable, "the training log \(name)'s subscription has the plan \"\(planName)\" or no dates")
        }
        return SyncedSubscription(
            user: String.fromDatabaseValue(row["user_id"] as DatabaseValue) ?? "",
            state: SubscriptionState(
                plan: plan, expiresAt: expires, isTrial: row["is_trial"] as Bool? ?? false,
                inBillingRetry: row["in_billing_retry"] as Bool? ?? false,
                gracePeriodEndsAt: try moment("grace_period_ends_at"), revokedAt: try moment("revoked_at"),
                willRenew: row["will_renew"] as Bool? ?? false),
            checkedAt: checked)
    }
}
