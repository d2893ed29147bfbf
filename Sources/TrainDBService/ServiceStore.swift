import AppStoreSignedData
import Catalog
import Foundation
import Logging
import PostgresNIO
import PostgresStore
import ProgrammeGenerator
import Subscription
import TrainingCalendar

/// What the service reads and writes in PostgreSQL, each call one transaction on a pooled
/// connection: as the token's user (`authenticated`) under row-level security, or as
/// `service_role` for what only the service may write (the subscriptions, from verified App
/// Store data). Nothing is kept between calls: instances beside this one see every write.
struct ServiceStore: Sendable {
    let pool: PostgresPool
    let logger: Logger

    /// A transaction as `user` in `role`.
    private func session<Value: Sendable>(
        user: String, role: String, doing: String,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let logger = self.logger
        return try await pool.withConnection { connection in
            try await UserSession(connection: connection, logger: logger).run(
                user: user, role: role, doing: doing, body)
        }
    }

    /// The database answers.
    func ping() async throws {
        let logger = self.logger
        try await pool.withConnection { connection in
            _ = try await connection.query("SELECT 1", logger: logger).collect()
        }
    }

    /// The catalogue as the generator reads it, from the published tables.
    func generatorCatalog() async throws -> GeneratorCatalog {
        let logger = self.logger
        return try await pool.withConnection { connection in
            GeneratorCatalog(
                exercises: try await ServerCatalogue.exercises(on: connection, logger: logger),
                contraindications: try await ServerCatalogue.contraindications(on: connection, logger: logger),
                exceptions: try await ServerCatalogue.exceptions(on: connection, logger: logger),
                equipment: try await ServerCatalogue.equipmentCategories(on: connection, logger: logger),
                muscles: try await ServerCatalogue.muscles(on: connection, logger: logger))
        }
    }

    /// The user's subscription row, read as the user (row-level security shows them only theirs).
    func subscription(user: String) async throws -> StoredSubscription? {
        try await session(user: user, role: "authenticated", doing: "the subscription was not read") { connection in
            try await Self.subscription(on: connection, logger: logger)
        }
    }

    private static func subscription(on connection: PostgresConnection, logger: Logger) async throws
        -> StoredSubscription?
    {
        for try await (plan, expires, trial, retry, grace, revoked, renew, cancel) in try await connection.execute(
            SubscriptionRead(), logger: logger)
        {
            guard let plan = SubscriptionPlan(rawValue: plan) else { continue }
            return StoredSubscription(
                state: SubscriptionState(
                    plan: plan, expiresAt: expires, isTrial: trial, inBillingRetry: retry, gracePeriodEndsAt: grace,
                    revokedAt: revoked, willRenew: renew),
                cancelRequestedAt: cancel)
        }
        return nil
    }

    /// Applies a verified transaction the user sent (`subscription_apply`), as the service, for
    /// the user; answers `applied`, `stale` or `other_user`, and the subscription after it.
    func subscribe(
        user: String, transaction: SignedTransaction, expires: Date, plan: SubscriptionPlan
    ) async throws -> (outcome: String, subscription: StoredSubscription?) {
        try await session(user: user, role: "service_role", doing: "the purchase was not recorded") { connection in
            var outcome = "stale"
            let rows = try await connection.query(
                """
                SELECT subscription_apply(\(user)::uuid, \(transaction.originalTransactionID), \(transaction.productID),
                    \(plan.rawValue), \(transaction.environment.rawValue), \(expires), \(transaction.isFreeTrial),
                    \(transaction.revocationDate), \(transaction.signedDate), NULL, NULL, NULL)
                """, logger: logger)
            for try await answer in rows.decode(String.self) { outcome = answer }
            let stored = try await connection.query(
                """
                SELECT plan, expires_at, is_trial, in_billing_retry, grace_period_ends_at, revoked_at, will_renew,
                       cancel_requested_at
                FROM subscriptions WHERE user_id = \(user)::uuid
                """, logger: logger)
            var subscription: StoredSubscription?
            for try await (plan, expires, trial, retry, grace, revoked, renew, cancel) in stored.decode(
                (String, Date, Bool, Bool, Date?, Date?, Bool, Date?).self)
            {
                guard let plan = SubscriptionPlan(rawValue: plan) else { continue }
                subscription = StoredSubscription(
                    state: SubscriptionState(
                        plan: plan, expiresAt: expires, isTrial: trial, inBillingRetry: retry,
                        gracePeriodEndsAt: grace, revokedAt: revoked, willRenew: renew),
                    cancelRequestedAt: cancel)
            }
            return (outcome, subscription)
        }
    }

    /// Takes a verified notification once (`app_store_notification_take`), as the service.
    func take(_ notification: SignedNotification, plan: SubscriptionPlan?, expires: Date?) async throws -> String {
        let transaction = notification.transaction
        let renewal = notification.renewalInfo
        let owner = transaction?.appAccountToken.flatMap(UUID.init(uuidString:))?.uuidString.lowercased()
        return try await session(
            user: Self.serviceUser, role: "service_role", doing: "the notification was not recorded"
        ) { connection in
            var outcome = "ignored"
            let rows = try await connection.query(
                """
                SELECT app_store_notification_take(\(notification.notificationUUID)::uuid, \(notification.notificationType),
                    \(notification.subtype), \(notification.signedDate), \(transaction?.originalTransactionID),
                    \(owner)::uuid, \(transaction?.productID), \(plan?.rawValue), \(transaction?.environment.rawValue),
                    \(expires), \(transaction?.isFreeTrial), \(transaction?.revocationDate),
                    \(renewal?.isInBillingRetryPeriod), \(renewal?.gracePeriodExpiresDate), \(renewal?.willRenew))
                """, logger: logger)
            for try await answer in rows.decode(String.self) { outcome = answer }
            return outcome
        }
    }

    /// Records that the user asked to cancel; the subscription as it stands.
    func requestCancel(user: String) async throws -> StoredSubscription? {
        try await session(user: user, role: "service_role", doing: "the request was not recorded") { connection in
            _ = try await connection.query("SELECT subscription_cancel_requested(\(user)::uuid)", logger: logger)
                .collect()
            return try await Self.subscription(on: connection, logger: logger)
        }
    }

    /// In one transaction as the user: reads their subscription and hands it to `generate`, then
    /// stores what it made (the programme, its JSON, the questionnaire's) as the user's active
    /// programme (the one they had is kept, inactive); nothing is written while a workout is
    /// open. A request used to take two transactions, one to read the subscription and one to
    /// store: three more round trips and a second turn of the pool. Returns the new row's id and
    /// the replaced programme's id (or the open workout's name), and what `generate` made; a
    /// `ServiceError` it throws (a refusal) is thrown as it is, and nothing is written.
    func generateProgramme(
        user: String, now: Date,
        _ generate: @escaping @Sendable (StoredSubscription?) throws -> MadeProgramme
    ) async throws -> (stored: StoredProgramme, made: MadeProgramme) {
        let id = UUID().uuidString.lowercased()
        let logger = self.logger
        return try await pool.withConnection { connection in
            let session = UserSession(connection: connection, logger: logger)
            // A refusal of `generate` comes back as itself, not as a database failure; its
            // transaction, which wrote nothing, ends.
            let outcome: Result<(StoredProgramme, MadeProgramme), ServiceError> = try await session.run(
                user: user, role: "authenticated", doing: "the programme was not stored", takingTurn: true
            ) { connection in
                // One user's changes take turns (the sync takes the same lock): the turn was taken
                // with the role and claims; everything is read after it, in one statement.
                let (subscription, openWorkout) = try await Self.subscriptionAndOpenWorkout(
                    on: connection, logger: logger)
                let made: MadeProgramme
                do {
                    made = try generate(subscription)
                } catch let refusal as ServiceError {
                    return .failure(refusal)
                }
                // A refusal of the questionnaire comes before an open workout, as it always has.
                if let openWorkout {
                    return .success((.workoutOpen(openWorkout), made))
                }
                let stored = try await Self.store(
                    id: id, made.programme, programmeJSON: made.programmeJSON,
                    questionnaireJSON: made.questionnaireJSON, now: now, on: connection, logger: logger)
                return .success((stored, made))
            }
            return try outcome.get()
        }
    }

    /// The user's subscription row and the name of their open workout (nil when none is open),
    /// in one round trip.
    private static func subscriptionAndOpenWorkout(on connection: PostgresConnection, logger: Logger) async throws
        -> (StoredSubscription?, String?)
    {
        let rows = try await connection.execute(SubscriptionAndOpenWorkout(), logger: logger)
        var subscription: StoredSubscription?
        var openWorkout: String?
        for try await (plan, expires, trial, retry, grace, revoked, renew, cancel, open) in rows {
            openWorkout = open
            guard let plan = plan.flatMap(SubscriptionPlan.init(rawValue:)), let expires, let trial, let retry,
                let renew
            else { continue }
            subscription = StoredSubscription(
                state: SubscriptionState(
                    plan: plan, expiresAt: expires, isTrial: trial, inBillingRetry: retry, gracePeriodEndsAt: grace,
                    revokedAt: revoked, willRenew: renew),
                cancelRequestedAt: cancel)
        }
        return (subscription, openWorkout)
    }

    /// Stores `programme` as the user's active programme, in the transaction `connection` holds
    /// as the user (with their turn taken, no workout open): in one statement, the active
    /// programme made inactive, then the new one added (the one-active index sees the old row
    /// changed first, as the insert reads the update's count), with the replaced one's id.
    private static func store(
        id: String, _ programme: Programme, programmeJSON: String, questionnaireJSON: String, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> StoredProgramme {
        let rows = try await connection.execute(
            ProgrammeStore(
                now: now, id: id, programmeID: programme.id, created: programme.createdDate.description,
                totalWeeks: programme.totalWeeks, questionnaireJSON: questionnaireJSON, programmeJSON: programmeJSON),
            logger: logger)
        var replaced: String?
        for try await programmeID in rows { replaced = programmeID }
        return .stored(id: id, replaced: replaced)
    }

    /// The user the service names when it acts for nobody in particular (a notification): the
    /// nil UUID, which no Supabase user has.
    static let serviceUser = "00000000-0000-0000-0000-000000000000"
}

/// A programme made for a request, with its JSON and the questionnaire's, to store.
struct MadeProgramme: Sendable {
    var programme: Programme
    var programmeJSON: String
    var questionnaireJSON: String
}

/// What became of a programme to store.
enum StoredProgramme: Sendable {
    case stored(id: String, replaced: String?)
    case workoutOpen(String)
}

/// A subscription row: the state the status follows from, and the user's request to cancel.
struct StoredSubscription: Sendable, Hashable {
    var state: SubscriptionState
    var cancelRequestedAt: Date?
}

// The statements each request runs, prepared once per pooled connection (PostgresNIO names
// them and keeps them on the connection): PostgreSQL then neither parses nor plans them again,
// which was a third of its CPU per generate. Their plans follow row-level security as the role
// of the transaction (always `authenticated` for these); a schema change replans them.

/// The user's subscription row, read as the user (row-level security shows them only theirs).
struct SubscriptionRead: PostgresPreparedStatement {
    static let name = "traindb_service_subscription"
    static let sql = """
        SELECT plan, expires_at, is_trial, in_billing_retry, grace_period_ends_at, revoked_at, will_renew,
               cancel_requested_at
        FROM subscriptions WHERE user_id = (SELECT auth.uid())
        """
    typealias Row = (String, Date, Bool, Bool, Date?, Date?, Bool, Date?)

    func makeBindings() -> PostgresBindings { PostgresBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The user's subscription row (its columns null when they have none) and the name of their
/// open workout, in one round trip.
struct SubscriptionAndOpenWorkout: PostgresPreparedStatement {
    static let name = "traindb_service_subscription_open_workout"
    static let sql = """
        SELECT s.plan, s.expires_at, s.is_trial, s.in_billing_retry, s.grace_period_ends_at, s.revoked_at,
               s.will_renew, s.cancel_requested_at,
               (SELECT session_name FROM workouts WHERE user_id = (SELECT auth.uid()) AND state = 'open' LIMIT 1)
        FROM (SELECT) AS one LEFT JOIN subscriptions s ON s.user_id = (SELECT auth.uid())
        """
    typealias Row = (String?, Date?, Bool?, Bool?, Date?, Date?, Bool?, Date?, String?)

    func makeBindings() -> PostgresBindings { PostgresBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The user's active programme made inactive and the new one added, in one statement: the insert
/// reads the update's count, so the one-active index sees the old row changed first. Answers
/// the replaced programme's id (null when there was none).
struct ProgrammeStore: PostgresPreparedStatement {
    static let name = "traindb_service_programme_store"
    static let sql = """
        WITH previous AS (
            UPDATE programmes SET is_active = false, replaced_at = $1, updated_at = $1
            WHERE user_id = (SELECT auth.uid()) AND is_active RETURNING programme_id
        )
        INSERT INTO programmes (id, programme_id, created_date, start_date, total_weeks, questionnaire,
            programme, is_active, started_at, replaced_at, updated_at)
        SELECT $2::uuid, $3, $4::date, $4::date, $5, $6::jsonb, $7::jsonb, true, $1, NULL, $1
        FROM (SELECT count(*) FROM previous) AS replaced
        RETURNING (SELECT programme_id FROM previous LIMIT 1)
        """
    // As the bindings are encoded: the texts cast where the statement says.
    static let bindingDataTypes: [PostgresDataType] = [.timestamptz, .text, .text, .text, .int8, .text, .text]
    typealias Row = String?

    var now: Date
    var id: String
    var programmeID: String
    var created: String
    var totalWeeks: Int
    var questionnaireJSON: String
    var programmeJSON: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(now)
        bindings.append(id)
        bindings.append(programmeID)
        bindings.append(created)
        bindings.append(totalWeeks)
        bindings.append(questionnaireJSON)
        bindings.append(programmeJSON)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
