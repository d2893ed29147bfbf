import AppStoreSignedData
import Foundation
import Logging
import OpenAPIRuntime
import OrderedJSON
import PostgresStore
import ProgrammeGenerator
import Subscription
import TrainingCalendar

/// The operations of `openapi/openapi.yaml`, as the generated `APIProtocol` declares them. Each
/// refusal is a thrown `ServiceError` that `ServiceMiddleware` answers; the caller is the user
/// `ServiceMiddleware` verified (`Caller.user`).
struct ServiceHandler: APIProtocol {
    let store: ServiceStore
    let generator: ProgrammeGenerator
    let verifier: SignedDataVerifier
    let products: [String: SubscriptionPlan]
    let clock: @Sendable () -> Date
    let logger: Logger

    /// The most bytes a questionnaire may have once stored (business rules §13's bound).
    static let questionnaireBytes = 16_384

    /// The largest seed the document allows: 2^53 - 1.
    static let largestSeed: Int64 = 9_007_199_254_740_991

    func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        do {
            try await store.ping()
        } catch {
            logger.error("the database does not answer", metadata: ["error": "\(error)"])
            throw ServiceError.unavailable()
        }
        return .ok(.init(body: .json(.init(status: .ok, database: .ok))))
    }

    func generateProgramme(
        _ input: Operations.GenerateProgramme.Input
    ) async throws -> Operations.GenerateProgramme.Output {
        let user = try Caller.required()
        // The document's bounds, which the generated code does not check: a negative seed has no
        // UInt64, and above 2^53 - 1 a client's JSON number could not hold it.
        let seed = input.query.seed ?? 0
        guard (0...Self.largestSeed).contains(seed) else {
            throw ServiceError(400, "request.malformed", "seed is \(seed); it must be 0 to \(Self.largestSeed)")
        }
        let now = clock()
        let generator = self.generator
        let logger = self.logger
        // The subscription is read, the programme generated, then stored: a statement each side.
        let (stored, made) = try await store.generateProgramme(user: user, now: now) { subscription in
            guard subscription?.state.status(at: now) ?? .expired != .expired else {
                throw ServiceError(403, "subscription.expired", SubscriptionMessage.expired)
            }
            guard case .json(let questionnaire) = input.body else {
                throw ServiceError(415, "request.content_type", "the questionnaire must be sent as application/json")
            }
            // The questionnaire as the generated code decoded it, handed to the generator as a
            // JSON document: it used to be encoded to text again and that text parsed once more.
            let document = questionnaire.document
            let questionnaireJSON = document.renderedBytes()
            guard questionnaireJSON.count <= Self.questionnaireBytes else {
                throw ServiceError(
                    422, "questionnaire.too_large",
                    "the questionnaire is \(questionnaireJSON.count) bytes of JSON; at most \(Self.questionnaireBytes)")
            }
            let programme: Programme
            do throws(ProgrammeGeneratorError) {
                programme = try generator.generate(
                    fromDocument: document, seed: UInt64(seed),
                    createdDate: CalendarDate(now, in: TimeZone(identifier: "UTC") ?? .current))
            } catch {
                var refusal = ServiceError(422, error.code, error.message)
                refusal.problems = error.problems.map { ($0.code, $0.field, $0.message) }
                throw refusal
            }
            let programmeJSON: String
            do {
                programmeJSON = try OrderedJSONEncoder().encodeText(programme)
            } catch {
                logger.error("a programme could not be encoded", metadata: ["error": "\(error)"])
                throw ServiceError.internalError()
            }
            return MadeProgramme(
                programme: programme, programmeJSON: programmeJSON,
                questionnaireJSON: String(decoding: questionnaireJSON, as: UTF8.self))
        }
        switch stored {
        case .workoutOpen(let name):
            throw ServiceError(
                409, "programme.workout_open",
                "a \(name) workout is open: complete or discard it before a new programme")
        case .stored(let id, let replaced):
            // The programme's JSON as it was written and stored, sent as it is: decoding it into
            // the generated code's container and encoding that again took more CPU than
            // generating it. The generated code answers with an empty programme, which
            // `ServiceMiddleware` replaces with these bytes (the document's schema, the
            // programme's own key order).
            WrittenBody.current?.set(Self.generatedBody(id: id, replaced: replaced, programmeJSON: made.programmeJSON))
            return .created(
                .init(body: .json(.init(id: id, replacedProgrammeId: replaced, programme: .init()))))
        }
    }

    /// `GeneratedProgramme`'s JSON: `{"id": …, "replacedProgrammeId": …, "programme": {…}}`,
    /// the programme's text copied in.
    static func generatedBody(id: String, replaced: String?, programmeJSON: String) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(programmeJSON.utf8.count + 160)
        body += #"{"id":"#.utf8
        JSONString.append(id, to: &body)
        if let replaced {
            body += #","replacedProgrammeId":"#.utf8
            JSONString.append(replaced, to: &body)
        }
        body += #","programme":"#.utf8
        body += programmeJSON.utf8
        body.append(UInt8(ascii: "}"))
        return body
    }

    func subscriptionStatus(
        _ input: Operations.SubscriptionStatus.Input
    ) async throws -> Operations.SubscriptionStatus.Output {
        let user = try Caller.required()
        let stored = try await store.subscription(user: user)
        return .ok(.init(body: .json(Self.status(stored, at: clock()))))
    }

    func subscribe(_ input: Operations.Subscribe.Input) async throws -> Operations.Subscribe.Output {
        let user = try Caller.required()
        guard case .json(let request) = input.body else {
            throw ServiceError(415, "request.content_type", "the signed transaction must be sent as application/json")
        }
        let transaction: SignedTransaction
        do {
            transaction = try await verifier.transaction(request.signedTransaction)
        } catch {
            throw ServiceError.refusal(422, error)
        }
        let (plan, expires) = try subscriptionTerms(of: transaction)
        if let token = transaction.appAccountToken, token.lowercased() != user {
            throw ServiceError(
                403, "subscription.other_account", "this purchase was made for another account; sign in with that one")
        }
        let (outcome, stored) = try await store.subscribe(
            user: user, transaction: transaction, expires: expires, plan: plan)
        if outcome == "other_user" {
            throw ServiceError(
                409, "subscription.other_account", "this App Store subscription is already recorded for another account"
            )
        }
        logger.info(
            "a purchase was sent", metadata: ["outcome": "\(outcome)", "transaction": "\(transaction.transactionID)"])
        return .ok(.init(body: .json(Self.status(stored, at: clock()))))
    }

    func cancelSubscription(
        _ input: Operations.CancelSubscription.Input
    ) async throws -> Operations.CancelSubscription.Output {
        let user = try Caller.required()
        let stored = try await store.requestCancel(user: user)
        return .ok(
            .init(
                body: .json(
                    .init(message: SubscriptionMessage.cancelInSettings, subscription: Self.status(stored, at: clock()))
                )))
    }

    func appStoreNotification(
        _ input: Operations.AppStoreNotification.Input
    ) async throws -> Operations.AppStoreNotification.Output {
        guard case .json(let request) = input.body else {
            throw ServiceError(415, "request.content_type", "the notification must be sent as application/json")
        }
        let notification: SignedNotification
        do {
            notification = try await verifier.notification(request.signedPayload)
        } catch {
            throw ServiceError.refusal(422, error)
        }
        var plan: SubscriptionPlan?
        var expires: Date?
        if let transaction = notification.transaction {
            (plan, expires) = try subscriptionTerms(of: transaction)
        }
        let outcome = try await store.take(notification, plan: plan, expires: expires)
        logger.info(
            "an App Store notification",
            metadata: [
                "type": "\(notification.notificationType)", "uuid": "\(notification.notificationUUID)",
                "outcome": "\(outcome)",
            ])
        let answer: Components.Schemas.NotificationAnswer.OutcomePayload =
            switch outcome {
            case "applied": .applied
            case "replayed": .replayed
            case "stale": .stale
            case "ignored": .ignored
            default: .unmatched
            }
        return .ok(.init(body: .json(.init(outcome: answer))))
    }

    /// The plan and the period's end of a transaction this app sells, or a 422 saying why not.
    private func subscriptionTerms(of transaction: SignedTransaction) throws(ServiceError) -> (SubscriptionPlan, Date) {
        guard let plan = products[transaction.productID] else {
            throw ServiceError(
                422, "appstore.unknown_product",
                "the product \(transaction.productID) is not one this app sells ("
                    + products.keys.sorted().joined(separator: ", ") + ")")
        }
        guard transaction.type == "Auto-Renewable Subscription", let expires = transaction.expiresDate else {
            throw ServiceError(
                422, "appstore.not_a_subscription",
                "the transaction is a \(transaction.type), not an auto-renewable subscription with an end date")
        }
        return (plan, expires)
    }

    /// The status document of `stored` at `now`.
    static func status(_ stored: StoredSubscription?, at now: Date) -> Components.Schemas.SubscriptionStatus {
        guard let state = stored?.state else {
            return .init(subscriptionStatus: .expired, willRenew: false, message: SubscriptionMessage.expired)
        }
        let status: Components.Schemas.SubscriptionStatus.SubscriptionStatusPayload =
            switch state.status(at: now) {
            case .trial: .trial
            case .active: .active
            case .expired: .expired
            }
        return .init(
            subscriptionStatus: status, subscriptionPlan: state.plan == .annual ? .annual : .monthly,
            subscriptionEndDate: state.endDate(at: now), willRenew: state.willRenew, message: state.message(at: now))
    }
}

/// The user `ServiceMiddleware` verified for the request being answered.
enum Caller {
    @TaskLocal static var user: String?

    /// The verified user; a request that reaches an operation needing one without it is a defect
    /// of the service, answered as a 500.
    static func required() throws(ServiceError) -> String {
        guard let user else { throw ServiceError.internalError() }
        return user
    }
}

extension Components.Schemas.Questionnaire {
    /// The questionnaire as the JSON document the generator reads: its fields under their names
    /// (those absent or null left out), and the fields the document does not name. What the
    /// request said, as `JSONEncoder` wrote it and `JSONValue` parsed it back before: a whole
    /// number given as a decimal is a whole number, members in key order.
    var document: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append((key, value)) }
        }
        func texts(_ values: [String]?) -> JSONValue? { values.map { .array($0.map(JSONValue.string)) } }
        add("primaryGoal", primaryGoal.map(JSONValue.string))
        add("targetMuscleGroups", texts(targetMuscleGroups))
        add("experienceLevel", experienceLevel.map(JSONValue.string))
        add("equipmentAvailable", texts(equipmentAvailable))
        add(
            "detailedEquipment",
            detailedEquipment.map { payload in
                .object(
                    payload.additionalProperties.sorted { $0.key < $1.key }.map {
                        (key: $0.key, value: .array($0.value.map(JSONValue.string)))
                    })
            })
        add("injuries", texts(injuries))
        add("trainingDaysPerWeek", trainingDaysPerWeek.map(JSONValue.integer))
        add("sessionDuration", sessionDuration.map(JSONValue.string))
        add("motivations", texts(motivations))
        add("motivationOther", motivationOther.map(JSONValue.string))
        add("gender", gender.map(JSONValue.string))
        add("dateOfBirth", dateOfBirth.map(JSONValue.string))
        add("heightCm", heightCm.map(Self.number))
        add("heightFt", heightFt.map(JSONValue.integer))
        add("heightIn", heightIn.map(JSONValue.integer))
        add("heightUnit", heightUnit.map(JSONValue.string))
        add("weightKg", weightKg.map(Self.number))
        add("weightLbs", weightLbs.map(Self.number))
        add("weightUnit", weightUnit.map(JSONValue.string))
        for (key, value) in additionalProperties.value {
            members.append((key, Self.value(value)))
        }
        return .object(members.sorted { $0.key < $1.key })
    }

    /// A number as its JSON text reads back: whole (and within `Int`) as an integer.
    static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, let whole = Int(exactly: value) { return .integer(whole) }
        return .number(value)
    }

    /// A value of the generated code's free-form container (what `OpenAPIValueContainer`
    /// decodes: nil, Bool, Int, Double, String, lists and objects of them).
    static func value(_ value: (any Sendable)?) -> JSONValue {
        switch value {
        case nil: .null
        case let flag as Bool: .bool(flag)
        case let whole as Int: .integer(whole)
        case let number as Double: Self.number(number)
        case let text as String: .string(text)
        case let items as [(any Sendable)?]: .array(items.map { Self.value($0) })
        case let object as [String: (any Sendable)?]:
            .object(object.sorted { $0.key < $1.key }.map { (key: $0.key, value: Self.value($0.value)) })
        default: .null
        }
    }
}
