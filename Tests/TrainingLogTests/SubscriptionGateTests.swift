import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog

/// The subscription a sync brought down (the `subscription` table, training-log 0007) gates
/// starting a programme and starting a workout, and nothing else (business rules §14).
@Suite("training log: the synced subscription gates starting, never the history")
struct SubscriptionGateTests {
    static let expired = "Your subscription has expired. Please renew to continue."

    /// Writes the row as the sync does: a trial of the annual plan to `expires`, or the facts given.
    static func syncDown(
        _ path: String, expires: String, trial: Bool = true, retry: Bool = false, grace: String? = nil,
        revoked: String? = nil
    ) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: "DELETE FROM subscription")
            try db.execute(
                sql: """
                    INSERT INTO subscription (user_id, plan, expires_at, is_trial, in_billing_retry,
                        grace_period_ends_at, revoked_at, will_renew, checked_at)
                    VALUES ('6f1c1c7e-4b8e-4d2a-9a51-3f9a3c0c2b11', 'annual', ?, ?, ?, ?, ?,
                        1, '2026-01-05T18:00:00.000Z')
                    """, arguments: [expires, trial, retry, grace, revoked])
        }
    }

    /// Records, as a sync does, that the server was asked and held no subscription for the user.
    static func syncDownNone(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: "DELETE FROM subscription")
            try db.execute(
                sql: """
                    INSERT INTO subscription_checked (user_id, checked_at)
                    VALUES ('6f1c1c7e-4b8e-4d2a-9a51-3f9a3c0c2b11', '2026-01-05T18:00:00.000Z')
                    """)
        }
    }

    @Test("without a synced subscription nothing is gated: a device that never synced")
    func neverSynced() throws {
        try TemporaryDirectory.with { directory in
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: directory.path("log.sqlite"), clock: clock)
            #expect(try log.subscription() == nil)
            #expect(try log.subscriptionStatus(at: clock.now()) == nil)
            try LogFixture.workout(log, clock: clock, "Push", at: "2026-03-02T18:00:00Z", ["push_up": [(12, 0)]])
        }
    }

    @Test(
        """
        a sync that found no subscription (the free trial never started) is expired: \
        starting is refused, history never
        """)
    func neverSubscribed() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            try LogFixture.workout(log, clock: clock, "Push", at: "2026-01-05T18:05:00Z", ["push_up": [(12, 0)]])
            try Self.syncDownNone(path)
            #expect(try log.subscription() == nil)
            #expect(try log.subscriptionStatus(at: clock.now()) == .expired)
            let workout = #expect(throws: TrainingLogError.self) { try log.startWorkout(session: "Legs") }
            #expect(workout?.code == "log.subscription_expired")
            #expect(workout?.message == Self.expired)
            let programme = #expect(throws: TrainingLogError.self) {
                try log.startProgramme(LogFixture.programme, questionnaireJSON: LogFixture.questionnaire)
            }
            #expect(programme?.message == Self.expired)
            #expect(try log.workoutHistory().count == 1)
            try log.updateSettings(unit: .lbs)

            // The trial started in the App Store reaches the device with the next sync.
            try Self.syncDown(path, expires: "2026-01-12T18:00:00.000Z")
            #expect(try log.subscriptionStatus(at: clock.now()) == .trial)
            try log.startWorkout(session: "Legs")
        }
    }

    @Test(
        "a trial allows starting; once it has ended, starting a workout or a programme is refused with the seeds' words"
    )
    func expiredTrial() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            try Self.syncDown(path, expires: "2026-01-12T18:00:00.000Z")
            #expect(try log.subscription()?.state.status(at: clock.now()) == .trial)
            try LogFixture.workout(log, clock: clock, "Push", at: "2026-01-05T18:05:00Z", ["push_up": [(12, 0)]])

            clock.set(LogFixture.moment("2026-01-12T18:00:01Z"))
            let workout = #expect(throws: TrainingLogError.self) { try log.startWorkout(session: "Legs") }
            #expect(workout?.code == "log.subscription_expired")
            #expect(workout?.message == Self.expired)
            let programme = #expect(throws: TrainingLogError.self) {
                try log.startProgramme(LogFixture.programme, questionnaireJSON: LogFixture.questionnaire)
            }
            #expect(programme?.message == Self.expired)
            #expect(try log.currentWorkout() == nil)
            // Never gated: the history, the settings.
            #expect(try log.workoutHistory().count == 1)
            try log.updateSettings(unit: .lbs)

            // Renewed: the next sync brings a paid period, and starting works again.
            try Self.syncDown(path, expires: "2026-02-12T18:00:00.000Z", trial: false)
            try log.startWorkout(session: "Legs")
        }
    }

    @Test("billing retry inside the grace period still starts; a refund stops it inside the period")
    func graceAndRevocation() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            try Self.syncDown(
                path, expires: "2026-01-04T18:00:00.000Z", trial: false, retry: true, grace: "2026-01-20T18:00:00.000Z")
            try log.startWorkout(session: "Push")
            try log.discardWorkout()
            try Self.syncDown(
                path, expires: "2026-02-04T18:00:00.000Z", trial: false, revoked: "2026-01-05T12:00:00.000Z")
            let error = #expect(throws: TrainingLogError.self) { try log.startWorkout(session: "Push") }
            #expect(error?.message == Self.expired)
        }
    }
}
