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

    /// The user's subscription row, read as the user (row-level security shows them only theirs),
    /// in one statement: `service_subscription` (migration 0019) sets the role and the user's
    /// claims for the call alone, instead of a transaction of four round trips.
    func subscription(user: String) async throws -> StoredSubscription? {
        let logger = self.logger
        return try await pool.withConnection { connection in
            do {
                return try await Self.subscription(of: user, on: connection, logger: logger)
            } catch {
                throw PostgresStoreError.from(error, doing: "the subscription was not read")
            }
        }
    }

    private static func subscription(of user: String, on connection: PostgresConnection, logger: Logger)
        async throws -> StoredSubscription?
    {
        try await firstSubscription(SubscriptionOfUser(user: user), on: connection, logger: logger)
    }

    private static func subscription(on connection: PostgresConnection, logger: Logger) async throws
        -> StoredSubscription?
    {
        try await firstSubscription(SubscriptionRead(), on: connection, logger: logger)
    }

    /// The first row `statement` reads with a plan the service knows, as a stored subscription.
    private static func firstSubscription<Statement: PostgresPreparedStatement>(
        _ statement: Statement, on connection: PostgresConnection, logger: Logger
    ) async throws -> StoredSubscription?
    where Statement.Row == (String, Date, Bool, Bool, Date?, Date?, Bool, Date?) {
        for try await (plan, expires, trial, retry, grace, revoked, renew, cancel) in try await connection.execute(
            statement, logger: logger)
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
                SELECT app_store_notification_take(\(notification.notificationUUID)::uuid,
                    \(notification.notificationType), \(notification.subtype), \(notification.signedDate),
                    \(transaction?.originalTransactionID),
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

    /// Reads the user's subscription and hands it to `generate`, then stores what it made (the
    /// programme, its JSON, the questionnaire's) as the user's active programme (the one they had
    /// is kept, inactive); nothing is written while a workout is open. Two statements, each one
    /// round trip as the user (migration 0019): the read, and the store in the user's turn (the
    /// lock the sync takes), which checks for an open workout and replaces the active programme.
    /// The connection is not held while `generate` runs. A request used to take one transaction
    /// of five round trips around the generation. Returns the new row's id and the replaced
    /// programme's id (or the open workout's name), and what `generate` made; a `ServiceError` it
    /// throws (a refusal) is thrown as it is, and nothing is written.
    func generateProgramme(
        user: String, now: Date,
        _ generate: @escaping @Sendable (StoredSubscription?) throws -> MadeProgramme
    ) async throws -> (stored: StoredProgramme, made: MadeProgramme) {
        let id = UUID().uuidString.lowercased()
        let subscription = try await subscription(user: user)
        // A refusal of the questionnaire comes before an open workout, as it always has.
        let made = try generate(subscription)
        let logger = self.logger
        let store = ProgrammeStore(
            user: user, now: now, id: id, programmeID: made.programme.id,
            created: made.programme.createdDate.description, totalWeeks: made.programme.totalWeeks,
            questionnaireJSON: made.questionnaireJSON, programmeJSON: made.programmeJSON)
        let stored = try await pool.withConnection { connection in
            do {
                var stored = StoredProgramme.stored(id: id, replaced: nil)
                for try await (replaced, openWorkout) in try await connection.execute(store, logger: logger) {
                    stored = openWorkout.map(StoredProgramme.workoutOpen) ?? .stored(id: id, replaced: replaced)
                }
                return stored
            } catch {
                throw PostgresStoreError.from(error, doing: "the programme was not stored")
            }
        }
        return (stored, made)
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

/// The user's subscription row, read as the user in one statement (`service_subscription`, which
/// sets the role and the user's claims for the call alone).
struct SubscriptionOfUser: PostgresPreparedStatement {
    static let name = "traindb_service_subscription_of_user"
    static let sql = "SELECT * FROM service_subscription($1::uuid)"
    static let bindingDataTypes: [PostgresDataType] = [.text]
    typealias Row = (String, Date, Bool, Bool, Date?, Date?, Bool, Date?)

    var user: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(user)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A generated programme stored as the user's active one, as the user in their turn, in one
/// statement (`service_programme_store`): the replaced programme's id (null when there was
/// none), or the open workout's name and nothing written.
struct ProgrammeStore: PostgresPreparedStatement {
    static let name = "traindb_service_programme_store_as_user"
    static let sql = """
        SELECT replaced, open_workout
        FROM service_programme_store($1::uuid, $2, $3::uuid, $4, $5::date, $6::integer, $7::jsonb, $8::jsonb)
        """
    // As the bindings are encoded: the texts cast where the statement says.
    static let bindingDataTypes: [PostgresDataType] = [.text, .timestamptz, .text, .text, .text, .int8, .text, .text]
    typealias Row = (String?, String?)

    var user: String
    var now: Date
    var id: String
    var programmeID: String
    var created: String
    var totalWeeks: Int
    var questionnaireJSON: String
    var programmeJSON: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 8)
        bindings.append(user)
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
