import AppStoreSignedData
import AppStoreTestSupport
import Crypto
import Foundation
import HTTPTypes
import Subscription
import Testing
import TrainDBService

/// `traindb serve` answering as the app calls it, on a database of its own (see ServiceFixture).
@Suite(
    "traindb serve",
    .enabled(
        if: ServiceFixture.runs,
        "traindb serve tests skipped: TRAINDB_POSTGRES_URL is not set (make pg starts a local server)"),
    .serialized)
struct ServiceTests {
    static let alice = "6f1c1c7e-4b8e-4d2a-9a51-3f9a3c0c2b11"
    static let bob = "0b9d8e2c-58a4-4f3e-8d36-7a1f2b3c4d5e"
    static var questionnaire: [String: Any] {
        [
            "primaryGoal": "build_muscle", "targetMuscleGroups": ["glutes"], "experienceLevel": "0_6_months",
            "equipmentAvailable": ["dumbbells", "bodyweight"], "injuries": ["knee"], "trainingDaysPerWeek": 3,
            "sessionDuration": "45-60 min",
        ]
    }

    @Test("the health check answers without a token")
    func health() async throws {
        try await ServiceFixture.with { fixture in
            try await fixture.withService { client in
                let (status, json) = try await client.call(.get, "/health")
                #expect(status == 200)
                #expect(json["database"] as? String == "ok")
            }
        }
    }

    @Test("a missing, malformed, forged or expired token is a 401 saying why, and reads nothing")
    func tokens() async throws {
        try await ServiceFixture.with { fixture in
            let forged = fixture.token(Self.alice, secret: Data("another secret of thirty-two bytes or more!!".utf8))
            let expired = fixture.token(Self.alice, expires: fixture.clock.now.addingTimeInterval(-3_600))
            try await fixture.withService { client in
                let cases: [(String?, String)] = [
                    (nil, "token.missing"), ("not-a-jwt", "token.malformed"), (forged, "token.bad_signature"),
                    (expired, "token.expired"),
                ]
                for (token, code) in cases {
                    let (status, json) = try await client.call(.get, "/api/subscription/status", token: token)
                    #expect(status == 401, "\(code)")
                    #expect(json.errorCode == code)
                    let generate = try await client.call(
                        .post, "/api/programme/generate", token: token, json: Self.questionnaire)
                    #expect(generate.status == 401)
                }
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes") == 0)
        }
    }

    @Test("the generated programme is answered as the programme writes its JSON and as stored, in the document's shape")
    func generatedProgrammeAsWritten() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService { client in
                let subscribed = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                #expect(subscribed.status == 200)
                for seed in [3, 4] {
                    let answer = try await client.raw(
                        .post, "/api/programme/generate?seed=\(seed)", token: token, json: Self.questionnaire)
                    #expect(answer.status == 201)
                    #expect(answer.headers[.contentType]?.hasPrefix("application/json") == true)
                    if let length = answer.headers[.contentLength] { #expect(Int(length) == answer.body.count) }
                    // The programme's own member order (its id first), as `traindb generate` and
                    // the stored row have it, not an encoder's sorted keys.
                    let text = String(decoding: answer.body, as: UTF8.self)
                    #expect(text.hasPrefix(#"{"id":""#), "\(text.prefix(80))")
                    #expect(text.contains(#""programme":{"id":""#), "\(text.prefix(300))")
                    let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
                    let id = try #require(object["id"] as? String)
                    #expect(
                        Set(object.keys)
                            == (seed == 3 ? ["id", "programme"] : ["id", "replacedProgrammeId", "programme"]))
                    let stored = try await fixture.text("SELECT programme::text FROM programmes WHERE id = '\(id)'")
                    let storedProgramme = try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? NSDictionary
                    #expect(storedProgramme != nil && (object["programme"] as? NSDictionary) == storedProgramme)
                }
            }
        }
    }

    @Test("a user who never subscribed is expired and may not generate; a trial may, and the programme is stored")
    func generateNeedsSubscription() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService { client in
                let status = try await client.call(.get, "/api/subscription/status", token: token)
                #expect(status.status == 200)
                #expect(status.json["subscription_status"] as? String == "expired")
                #expect(status.json["subscription_plan"] == nil)

                let refused = try await client.call(
                    .post, "/api/programme/generate", token: token, json: Self.questionnaire)
                #expect(refused.status == 403)
                #expect(refused.json.errorMessage == "Your subscription has expired. Please renew to continue.")

                let subscribed = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                #expect(subscribed.status == 200)
                #expect(subscribed.json["subscription_status"] as? String == "trial")
                #expect(subscribed.json["subscription_plan"] as? String == "annual")

                let first = try await client.call(
                    .post, "/api/programme/generate", token: token, json: Self.questionnaire)
                #expect(first.status == 201)
                let programme = try #require(first.json["programme"] as? [String: Any])
                #expect(programme["daysPerWeek"] as? Int == 3)
                #expect(first.json["replacedProgrammeId"] == nil)
                let second = try await client.call(
                    .post, "/api/programme/generate?seed=7", token: token, json: Self.questionnaire)
                #expect(second.status == 201)
                #expect(second.json["replacedProgrammeId"] as? String == programme["id"] as? String)

                // A seed outside the document's 0 to 2^53 - 1 is a 400 and stores nothing; the
                // service goes on answering (a negative seed once stopped it).
                for seed in ["-1", "9007199254740992", "-9223372036854775808"] {
                    let refused = try await client.call(
                        .post, "/api/programme/generate?seed=\(seed)", token: token, json: Self.questionnaire)
                    #expect(refused.status == 400, "seed \(seed)")
                    #expect(refused.json.errorMessage == "seed is \(seed); it must be 0 to 9007199254740991")
                }
                // The questionnaire is stored as it was sent: the fields the document names, a whole
                // number sent as a decimal, and the fields it does not name, nested as they came.
                var sent = Self.questionnaire
                sent["heightCm"] = 180.0
                sent["weightKg"] = 72.5
                sent["name"] = "Alice"
                sent["extra"] = ["list": [1, 2.5, "three", true, NSNull()], "empty": [String: Any]()]
                let largest = try await client.call(
                    .post, "/api/programme/generate?seed=9007199254740991", token: token, json: sent)
                #expect(largest.status == 201)
                let sentText = String(decoding: try JSONSerialization.data(withJSONObject: sent), as: UTF8.self)
                #expect(
                    try await fixture.count(
                        "SELECT count(*)::int FROM programmes "
                            + "WHERE is_active AND questionnaire = $$\(sentText)$$::jsonb") == 1)

                // An open workout follows the active programme: a new one is refused, nothing changes.
                let opened = try await fixture.count(
                    """
                    WITH opened AS (
                        INSERT INTO workouts (id, user_id, programme_id, session_id, session_name, state, started_at,
                            updated_at)
                        SELECT gen_random_uuid(), user_id, id, 'day-1', 'Full Body A', 'open', now(), now()
                        FROM programmes WHERE is_active RETURNING 1)
                    SELECT count(*)::int FROM opened
                    """)
                #expect(opened == 1)
                let held = try await client.call(
                    .post, "/api/programme/generate?seed=8", token: token, json: Self.questionnaire)
                #expect(held.status == 409)
                #expect(held.json.errorCode == "programme.workout_open")
                #expect(held.json.errorMessage?.contains("Full Body A") == true)
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes WHERE is_active") == 1)
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes") == 3)
        }
    }

    @Test("a programme stored before the length bounds, over them, is still replaced by a new one")
    func replacesProgrammeOverBounds() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService { client in
                let subscribed = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                #expect(subscribed.status == 200)
                let first = try await client.call(
                    .post, "/api/programme/generate", token: token, json: Self.questionnaire)
                #expect(first.status == 201)
                let firstID = try #require((first.json["programme"] as? [String: Any])?["id"] as? String)
                // Rows stored before migration 0013 were kept over its bounds (NOT VALID): such a
                // programme, as no write could make it today (the bounds' check bypassed).
                try await fixture.database.runScript(
                    """
                    BEGIN;
                    SET LOCAL session_replication_role = replica;
                    UPDATE programmes SET programme = programme || jsonb_build_object('notes', repeat('x', 300000))
                    WHERE is_active;
                    COMMIT
                    """)
                // Making it inactive changes neither JSON, so its bounds are not checked again: the
                // user gets a new programme (it was a 500 when every update re-checked them).
                let second = try await client.call(
                    .post, "/api/programme/generate?seed=3", token: token, json: Self.questionnaire)
                #expect(second.status == 201)
                #expect(second.json["replacedProgrammeId"] as? String == firstID)
            }
            let overBound = "SELECT count(*)::int FROM programmes WHERE octet_length(programme::text) > 262144"
            #expect(try await fixture.count(overBound + " AND NOT is_active") == 1)
            // Writing a programme over the bound is refused as before, under the bound's name.
            let refused = await #expect(throws: (any Error).self) {
                try await fixture.database.run(
                    "UPDATE programmes SET programme = jsonb_build_object('x', repeat('x', 300000)) WHERE is_active")
            }
            #expect(String(reflecting: refused).contains("programmes_programme_bounded"))
        }
    }

    @Test("a bad questionnaire is a 422 naming each bad field, and stores nothing")
    func badQuestionnaire() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService { client in
                _ = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                let (status, json) = try await client.call(
                    .post, "/api/programme/generate", token: token,
                    json: ["primaryGoal": "get_big", "targetMuscleGroups": ["pecs"], "trainingDaysPerWeek": 7])
                #expect(status == 422)
                #expect(json.errorCode == "questionnaire.invalid")
                let problems = (json["error"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
                let fields = Set(problems.compactMap { $0["field"] as? String })
                #expect(fields.isSuperset(of: ["primaryGoal", "targetMuscleGroups", "trainingDaysPerWeek"]))
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes") == 0)
        }
    }

    @Test("over 64 KB, a wrong content type or JSON of the wrong shape is a 4xx with a message; nothing is stored")
    func badBodies() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            try await fixture.withService { client in
                let big = Data(("{\"signedTransaction\": \"" + String(repeating: "a", count: 70_000) + "\"}").utf8)
                let tooLarge = try await client.call(.post, "/api/subscription/subscribe", token: token, body: big)
                #expect(tooLarge.status == 413)
                #expect(tooLarge.json.errorCode == "request.too_large")
                let notification = try await client.call(.post, "/api/appstore/notifications", body: big)
                #expect(notification.status == 413)

                let text = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, body: Data("hello".utf8),
                    contentType: "text/plain")
                #expect(text.status == 415)
                #expect(text.json.errorMessage?.isEmpty == false)

                let broken = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, body: Data("{\"signedTransaction\": ".utf8))
                #expect(broken.status == 400)
                #expect(broken.json.errorCode == "request.malformed")

                let shape = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": 12])
                #expect(shape.status == 400)
                #expect(shape.json.errorMessage?.contains("signedTransaction") == true)

                let unknown = try await client.call(.get, "/api/nothing", token: token)
                #expect(unknown.status == 404)
                #expect(unknown.json.errorCode == "request.not_found")

                // A path of the document with a method it does not list: 405, saying which it takes.
                let method = try await client.executeRequest(
                    uri: "/api/subscription/status", method: .delete, headers: [.authorization: "Bearer \(token)"],
                    body: nil)
                #expect(method.status == .methodNotAllowed)
                #expect(method.headers[.allow] == "GET")
                let answer =
                    try JSONSerialization.jsonObject(with: Data(method.body.readableBytesView)) as? [String: Any]
                #expect(answer?.errorCode == "request.method")
                #expect(answer?.errorMessage == "DELETE is not an operation of /api/subscription/status; it takes GET")
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM subscriptions") == 0)
            #expect(try await fixture.count("SELECT count(*)::int FROM app_store_notifications") == 0)
        }
    }

    @Test("forged, wrongly chained, expired, another app's or another user's purchases change nothing")
    func refusedPurchases() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let now = fixture.clock.now
            let purchase = fixture.purchase(user: Self.alice, signed: now)
            let otherStore = try TestAppStore(bundleID: ServiceFixture.bundleID, now: now, name: "Other Store")
            let expiredLeaf = try TestAppStore(
                bundleID: ServiceFixture.bundleID, now: now,
                leafValidity: (now.addingTimeInterval(-90 * 86_400), now.addingTimeInterval(-86_400)))
            let cases: [(String, String, Int)] = [
                (try fixture.store.sign(purchase.json, key: P256.Signing.PrivateKey()), "appstore.bad_signature", 422),
                (try otherStore.transaction(purchase), "appstore.untrusted_chain", 422),
                (
                    try fixture.store.sign(
                        purchase.json, chain: [otherStore.leaf, otherStore.intermediate, fixture.store.root]),
                    "appstore.untrusted_chain", 422
                ),
                (try expiredLeaf.transaction(purchase), "appstore.untrusted_chain", 422),
                (
                    try fixture.store.transaction(
                        fixture.purchase(user: Self.alice, signed: now, bundleID: "com.example.other")),
                    "appstore.wrong_app", 422
                ),
                (
                    try fixture.store.transaction(fixture.purchase(user: Self.bob, signed: now)),
                    "subscription.other_account", 403
                ),
            ]
            try await fixture.withService { client in
                for (jws, code, expected) in cases {
                    let (status, json) = try await client.call(
                        .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": jws])
                    #expect(status == expected, "\(code)")
                    #expect(json.errorCode == code)
                }
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM subscriptions") == 0)
        }
    }

    @Test("a replayed or older transaction changes nothing; a newer one moves the period on")
    func purchaseOrder() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let start = fixture.clock.now
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: start))
            let renewed = try fixture.store.transaction(
                fixture.purchase(
                    user: Self.alice, signed: start.addingTimeInterval(7 * 86_400),
                    expires: start.addingTimeInterval(372 * 86_400), trial: false, transaction: "1000000000000002"))
            try await fixture.withService { client in
                let subscribe = { (jws: String) in
                    try await client.call(
                        .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": jws])
                }
                #expect(try await subscribe(renewed).json["subscription_status"] as? String == "active")
                // The trial, signed before the renewal, arrives late and twice: nothing changes.
                #expect(try await subscribe(trial).json["subscription_status"] as? String == "active")
                #expect(try await subscribe(trial).json["subscription_status"] as? String == "active")
                #expect(try await subscribe(renewed).json["subscription_status"] as? String == "active")
                fixture.clock.advance(days: 380)
                // A token of the day (the first one expired an hour after it was signed).
                let status = try await client.call(.get, "/api/subscription/status", token: fixture.token(Self.alice))
                #expect(status.json["subscription_status"] as? String == "expired")
            }
        }
    }

    @Test("notifications: each taken once by notificationUUID, applied in signedDate order")
    func notifications() async throws {
        try await ServiceFixture.with { fixture in
            let start = fixture.clock.now
            let subscribed = try fixture.store.notification(
                type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: start,
                transaction: fixture.purchase(user: Self.alice, signed: start),
                renewal: SignedRenewalInfo(
                    originalTransactionID: "1000000000000001", environment: .production, signedDate: start,
                    willRenew: true))
            let failedAt = start.addingTimeInterval(7 * 86_400)
            let failed = try fixture.store.notification(
                type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", signedDate: failedAt,
                // The last transaction, as Apple sends it: the trial, which ended on day 7.
                transaction: fixture.purchase(user: Self.alice, signed: start),
                renewal: SignedRenewalInfo(
                    originalTransactionID: "1000000000000001", environment: .production, signedDate: failedAt,
                    willRenew: true, isInBillingRetryPeriod: true,
                    gracePeriodExpiresDate: failedAt.addingTimeInterval(16 * 86_400)))
            let expiredAt = failedAt.addingTimeInterval(17 * 86_400)
            let expired = try fixture.store.notification(
                type: "EXPIRED", subtype: "BILLING_RETRY", signedDate: expiredAt,
                transaction: fixture.purchase(user: Self.alice, signed: start),
                renewal: SignedRenewalInfo(
                    originalTransactionID: "1000000000000001", environment: .production, signedDate: expiredAt,
                    willRenew: false))
            try await fixture.withService { client in
                let post = { (payload: String) in
                    try await client.call(.post, "/api/appstore/notifications", json: ["signedPayload": payload])
                }
                // A token signed at the test clock's moment, as the app refreshes its own.
                let status = {
                    try await client.call(.get, "/api/subscription/status", token: fixture.token(Self.alice)).json
                }
                #expect(try await post(subscribed).json["outcome"] as? String == "applied")
                #expect(try await status()["subscription_status"] as? String == "trial")
                #expect(try await post(subscribed).json["outcome"] as? String == "replayed")

                fixture.clock.advance(days: 8)
                #expect(try await post(failed).json["outcome"] as? String == "applied")
                let grace = try await status()
                #expect(grace["subscription_status"] as? String == "active")
                #expect(grace["message"] as? String == "Payment failed. Please update your payment method.")

                fixture.clock.advance(days: 17)
                #expect(try await post(expired).json["outcome"] as? String == "applied")
                #expect(try await status()["subscription_status"] as? String == "expired")
                // The grace-period notification again, and a new one signed before the expiry:
                // neither brings the subscription back.
                #expect(try await post(failed).json["outcome"] as? String == "replayed")
                let late = try fixture.store.notification(
                    type: "DID_RENEW", signedDate: failedAt.addingTimeInterval(86_400),
                    transaction: fixture.purchase(
                        user: Self.alice, signed: failedAt.addingTimeInterval(86_400),
                        expires: expiredAt.addingTimeInterval(30 * 86_400), trial: false))
                #expect(try await post(late).json["outcome"] as? String == "stale")
                #expect(try await status()["subscription_status"] as? String == "expired")
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM app_store_notifications") == 4)
        }
    }

    @Test("a notification for another app, or forged, is a 4xx and nothing is stored")
    func refusedNotifications() async throws {
        try await ServiceFixture.with { fixture in
            let now = fixture.clock.now
            let otherApp = try fixture.store.notification(
                type: "SUBSCRIBED", signedDate: now, transaction: fixture.purchase(user: Self.alice, signed: now),
                bundleID: "com.example.other")
            let forged = try TestAppStore(bundleID: ServiceFixture.bundleID, now: now, name: "Forger").notification(
                type: "SUBSCRIBED", signedDate: now, transaction: fixture.purchase(user: Self.alice, signed: now))
            try await fixture.withService { client in
                let other = try await client.call(
                    .post, "/api/appstore/notifications", json: ["signedPayload": otherApp])
                #expect(other.status == 422)
                #expect(other.json.errorCode == "appstore.wrong_app")
                let fake = try await client.call(.post, "/api/appstore/notifications", json: ["signedPayload": forged])
                #expect(fake.status == 422)
                #expect(fake.json.errorCode == "appstore.untrusted_chain")
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM app_store_notifications") == 0)
            #expect(try await fixture.count("SELECT count(*)::int FROM subscriptions") == 0)
        }
    }

    @Test("cancelling records the intent and says where to cancel")
    func cancel() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService { client in
                _ = try await client.call(
                    .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                let (status, json) = try await client.call(.post, "/api/subscription/cancel", token: token)
                #expect(status == 200)
                #expect((json["message"] as? String)?.contains("Settings") == true)
                #expect((json["subscription"] as? [String: Any])?["subscription_status"] as? String == "trial")
            }
            #expect(
                try await fixture.count("SELECT count(*)::int FROM subscriptions WHERE cancel_requested_at IS NOT NULL")
                    == 1)
        }
    }

    @Test("on one pooled connection, each request reads as its own user: Alice, Bob, no one, Alice again")
    func oneConnectionManyUsers() async throws {
        try await ServiceFixture.with { fixture in
            let alice = fixture.token(Self.alice)
            let bob = fixture.token(Self.bob)
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: fixture.clock.now))
            try await fixture.withService(poolSize: 1) { client in
                let subscribed = try await client.call(
                    .post, "/api/subscription/subscribe", token: alice, json: ["signedTransaction": trial])
                #expect(subscribed.status == 200)
                for round in 0..<2 {
                    let mine = try await client.call(.get, "/api/subscription/status", token: alice)
                    #expect(mine.json["subscription_status"] as? String == "trial", "round \(round)")
                    let generated = try await client.call(
                        .post, "/api/programme/generate?seed=\(round)", token: alice, json: Self.questionnaire)
                    #expect(generated.status == 201, "round \(round)")
                    // Bob, who never subscribed, sees no subscription and may not generate.
                    let his = try await client.call(.get, "/api/subscription/status", token: bob)
                    #expect(his.json["subscription_status"] as? String == "expired", "round \(round)")
                    #expect(his.json["subscription_plan"] == nil)
                    let refused = try await client.call(
                        .post, "/api/programme/generate", token: bob, json: Self.questionnaire)
                    #expect(refused.status == 403, "round \(round)")
                    let nobody = try await client.call(.get, "/api/subscription/status")
                    #expect(nobody.status == 401)
                }
            }
            #expect(
                try await fixture.count("SELECT count(*)::int FROM programmes WHERE user_id = '\(Self.alice)'") == 2)
            #expect(
                try await fixture.count("SELECT count(*)::int FROM programmes WHERE user_id <> '\(Self.alice)'") == 0)
        }
    }

    @Test("two instances on one database: a user's requests alternate between them and each sees the other's writes")
    func twoInstances() async throws {
        try await ServiceFixture.with { fixture in
            let token = fixture.token(Self.alice)
            let now = fixture.clock.now
            let trial = try fixture.store.transaction(fixture.purchase(user: Self.alice, signed: now))
            let notification = try fixture.store.notification(
                type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: now.addingTimeInterval(60),
                transaction: fixture.purchase(user: Self.alice, signed: now.addingTimeInterval(60)))
            try await fixture.withService { first in
                try await fixture.withService { second in
                    #expect(first.port != second.port)
                    let clients = [first, second]
                    let subscribed = try await clients[0].call(
                        .post, "/api/subscription/subscribe", token: token, json: ["signedTransaction": trial])
                    #expect(subscribed.status == 200)
                    #expect(
                        try await clients[1].call(.get, "/api/subscription/status", token: token)
                            .json["subscription_status"] as? String == "trial")
                    var previous: String?
                    for round in 0..<4 {
                        let answer = try await clients[round % 2].call(
                            .post, "/api/programme/generate?seed=\(round)", token: token, json: Self.questionnaire)
                        #expect(answer.status == 201)
                        #expect(answer.json["replacedProgrammeId"] as? String == previous)
                        previous = (answer.json["programme"] as? [String: Any])?["id"] as? String
                    }
                    // The same notification to both at once: taken exactly once.
                    async let a = first.call(
                        .post, "/api/appstore/notifications", json: ["signedPayload": notification])
                    async let b = second.call(
                        .post, "/api/appstore/notifications", json: ["signedPayload": notification])
                    let outcomes = [try await a.json["outcome"] as? String, try await b.json["outcome"] as? String]
                    #expect(outcomes.sorted { ($0 ?? "") < ($1 ?? "") } == ["applied", "replayed"])
                }
            }
            #expect(try await fixture.count("SELECT count(*)::int FROM programmes WHERE is_active") == 1)
            #expect(try await fixture.count("SELECT count(*)::int FROM app_store_notifications") == 1)
        }
    }
}
