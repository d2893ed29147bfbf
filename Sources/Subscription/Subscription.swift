import Foundation

/// The plans the paywall sells (business rules §14): each starts with a 7-day free trial, and the
/// App Store takes the payment.
public enum SubscriptionPlan: String, CaseIterable, Hashable, Sendable, Codable {
    case monthly
    case annual

    /// The price as the paywall shows it.
    public var price: String {
        switch self {
        case .monthly: "£13.99/mo"
        case .annual: "£99.99/year"
        }
    }

    /// The price per month, as the paywall's card shows it.
    public var monthlyPrice: String {
        switch self {
        case .monthly: "£13.99/mo"
        case .annual: "£8.33/mo"
        }
    }

    /// The paywall's default.
    public static let preselected = SubscriptionPlan.annual

    /// The free trial every plan starts with.
    public static let trialDays = 7
}

/// What the user's subscription is now: `trial` (inside the free week), `active` (a paid period,
/// the App Store's billing grace period included) or `expired` (no current period, refunded or
/// revoked, or never subscribed).
public enum SubscriptionStatus: String, CaseIterable, Hashable, Sendable, Codable {
    case trial
    case active
    case expired
}

/// The words the app shows about a subscription (`001_*`'s error messages).
public enum SubscriptionMessage {
    /// While the App Store retries a renewal that failed.
    public static let paymentFailed = "Payment failed. Please update your payment method."
    /// When an expired user tries what only a subscriber may do.
    public static let expired = "Your subscription has expired. Please renew to continue."
    /// Where a subscription is cancelled: only the user can, on their device.
    public static let cancelInSettings =
        "To cancel, open Settings on your iPhone, tap your name, then Subscriptions, and choose trAIn. "
        + "The server cannot cancel an App Store subscription; yours runs to the end of its period."
}

/// A user's subscription as the App Store's signed data left it: the facts, from which the status
/// at any moment follows (`status(at:)`). Nil where the user never subscribed.
public struct SubscriptionState: Hashable, Sendable {
    /// The plan of the current (or last) period.
    public var plan: SubscriptionPlan
    /// When the current (or last) period ends.
    public var expiresAt: Date
    /// The current period is the introductory free trial.
    public var isTrial: Bool
    /// The App Store is retrying a renewal that failed.
    public var inBillingRetry: Bool
    /// While retrying, the end of the billing grace period, when the app offers one.
    public var gracePeriodEndsAt: Date?
    /// Refunded or revoked (Family Sharing withdrawn, say): no access from then on.
    public var revokedAt: Date?
    /// The App Store will renew it at `expiresAt`.
    public var willRenew: Bool

    public init(
        plan: SubscriptionPlan, expiresAt: Date, isTrial: Bool, inBillingRetry: Bool = false,
        gracePeriodEndsAt: Date? = nil, revokedAt: Date? = nil, willRenew: Bool = true
    ) {
        self.plan = plan
        self.expiresAt = expiresAt
        self.isTrial = isTrial
        self.inBillingRetry = inBillingRetry
        self.gracePeriodEndsAt = gracePeriodEndsAt
        self.revokedAt = revokedAt
        self.willRenew = willRenew
    }

    /// The status at `now` (business rules §14): revoked is expired; inside the period, trial or
    /// active; past it, active only while the App Store retries inside the billing grace period.
    public func status(at now: Date) -> SubscriptionStatus {
        if let revokedAt, revokedAt <= now { return .expired }
        if now < expiresAt { return isTrial ? .trial : .active }
        if inBillingRetry, let gracePeriodEndsAt, now < gracePeriodEndsAt { return .active }
        return .expired
    }

    /// When access ends as things stand: the grace period's end while inside it, else the period's.
    public func endDate(at now: Date) -> Date {
        if now >= expiresAt, inBillingRetry, let gracePeriodEndsAt, now < gracePeriodEndsAt {
            return gracePeriodEndsAt
        }
        return expiresAt
    }

    /// What the app tells the user at `now`: the payment failed while the App Store retries (and
    /// access has not been revoked), the subscription expired when it has; nil otherwise.
    public func message(at now: Date) -> String? {
        if inBillingRetry && revokedAt == nil { return SubscriptionMessage.paymentFailed }
        return status(at: now) == .expired ? SubscriptionMessage.expired : nil
    }
}

extension Optional where Wrapped == SubscriptionState {
    /// The status at `now`; a user who never subscribed has no current period: expired.
    public func status(at now: Date) -> SubscriptionStatus {
        self?.status(at: now) ?? .expired
    }
}
