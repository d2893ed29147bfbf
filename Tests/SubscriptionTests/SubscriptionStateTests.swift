import Foundation
import Subscription
import Testing

@Suite("Subscription status (business rules §14)")
struct SubscriptionStateTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    static func day(_ n: Double) -> Date { start.addingTimeInterval(n * 86_400) }

    @Test("inside the free week it is a trial, then active once paid, and expired after the period")
    func periods() {
        let trial = SubscriptionState(plan: .annual, expiresAt: Self.day(7), isTrial: true)
        #expect(trial.status(at: Self.day(3)) == .trial)
        #expect(trial.message(at: Self.day(3)) == nil)
        #expect(trial.status(at: Self.day(8)) == .expired)
        #expect(trial.message(at: Self.day(8)) == "Your subscription has expired. Please renew to continue.")
        let paid = SubscriptionState(plan: .annual, expiresAt: Self.day(372), isTrial: false)
        #expect(paid.status(at: Self.day(30)) == .active)
        #expect(paid.endDate(at: Self.day(30)) == Self.day(372))
    }

    @Test("a user who never subscribed has no current period: expired")
    func never() {
        let none: SubscriptionState? = nil
        #expect(none.status(at: Self.start) == .expired)
    }

    @Test("billing retry inside the grace period is active with the payment-failed message; after it, expired")
    func billingRetry() {
        let retrying = SubscriptionState(
            plan: .monthly, expiresAt: Self.day(37), isTrial: false, inBillingRetry: true,
            gracePeriodEndsAt: Self.day(53))
        #expect(retrying.status(at: Self.day(40)) == .active)
        #expect(retrying.endDate(at: Self.day(40)) == Self.day(53))
        #expect(retrying.message(at: Self.day(40)) == "Payment failed. Please update your payment method.")
        #expect(retrying.status(at: Self.day(54)) == .expired)
        #expect(retrying.message(at: Self.day(54)) == "Payment failed. Please update your payment method.")
        let noGrace = SubscriptionState(plan: .monthly, expiresAt: Self.day(37), isTrial: false, inBillingRetry: true)
        #expect(noGrace.status(at: Self.day(38)) == .expired)
    }

    @Test("refunded or revoked is expired at once, inside the period")
    func revoked() {
        let refunded = SubscriptionState(
            plan: .annual, expiresAt: Self.day(372), isTrial: false, revokedAt: Self.day(20))
        #expect(refunded.status(at: Self.day(19)) == .active)
        #expect(refunded.status(at: Self.day(21)) == .expired)
        #expect(refunded.message(at: Self.day(21)) == "Your subscription has expired. Please renew to continue.")
    }

    @Test("the paywall's plans and prices")
    func plans() {
        #expect(SubscriptionPlan.preselected == .annual)
        #expect(SubscriptionPlan.annual.price == "£99.99/year")
        #expect(SubscriptionPlan.annual.monthlyPrice == "£8.33/mo")
        #expect(SubscriptionPlan.monthly.price == "£13.99/mo")
        #expect(SubscriptionPlan.trialDays == 7)
    }
}
