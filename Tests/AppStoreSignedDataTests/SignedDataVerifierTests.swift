import AppStoreSignedData
import AppStoreTestSupport
import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

@Suite("App Store signed data")
struct SignedDataVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    static func purchase(
        bundleID: String = "app.train.ios", environment: AppStoreEnvironment = .production, signed: Date = now
    ) -> SignedTransaction {
        SignedTransaction(
            transactionID: "2000000000000001", originalTransactionID: "2000000000000001", bundleID: bundleID,
            productID: "app.train.ios.annual", environment: environment, purchaseDate: now,
            expiresDate: now.addingTimeInterval(7 * 86_400), signedDate: signed, offerType: 1,
            offerDiscountType: "FREE_TRIAL", appAccountToken: "6f1c1c7e-4b8e-4d2a-9a51-3f9a3c0c2b11")
    }

    @Test("a transaction signed through a chain to the trusted root is read")
    func validTransaction() async throws {
        let store = try TestAppStore(now: Self.now)
        let transaction = try await store.verifier(now: { Self.now }).transaction(store.transaction(Self.purchase()))
        #expect(transaction == Self.purchase())
        #expect(transaction.isFreeTrial)
    }

    @Test("the committed Apple Root CA - G3 is Apple's, by its SHA-256 fingerprint")
    func appleRoot() throws {
        var serializer = DER.Serializer()
        try serializer.serialize(SignedDataVerifier.appleRootCAG3)
        let fingerprint = SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }
            .joined(separator: ":")
        #expect(
            fingerprint
                == "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79")
        #expect(SignedDataVerifier.appleRootCAG3.subject.description.contains("Apple Root CA - G3"))
    }

    @Test("the default verifier trusts Apple's root alone: a test store's data is refused")
    func defaultTrustsAppleOnly() async throws {
        let store = try TestAppStore(now: Self.now)
        let verifier = SignedDataVerifier(bundleID: "app.train.ios", clock: { Self.now })
        let error = await #expect(throws: AppStoreError.self) {
            try await verifier.transaction(store.transaction(Self.purchase()))
        }
        #expect(error?.code == "appstore.untrusted_chain")
    }

    @Test("a chain to another root is refused, even one that carries that root in x5c")
    func otherRoot() async throws {
        let trusted = try TestAppStore(now: Self.now)
        let other = try TestAppStore(now: Self.now, name: "Other Store")
        let error = await #expect(throws: AppStoreError.self) {
            try await trusted.verifier(now: { Self.now }).transaction(other.transaction(Self.purchase()))
        }
        #expect(error?.code == "appstore.untrusted_chain")
        // The other store's leaf and intermediate presented with the trusted root in x5c.
        let spliced = try other.sign(Self.purchase().json, chain: [other.leaf, other.intermediate, trusted.root])
        let spliceError = await #expect(throws: AppStoreError.self) {
            try await trusted.verifier(now: { Self.now }).transaction(spliced)
        }
        #expect(spliceError?.code == "appstore.untrusted_chain")
    }

    @Test("a forged signature is refused: another key, or a payload changed after signing")
    func forged() async throws {
        let store = try TestAppStore(now: Self.now)
        let verifier = store.verifier(now: { Self.now })
        let otherKey = try store.sign(Self.purchase().json, key: P256.Signing.PrivateKey())
        let error = await #expect(throws: AppStoreError.self) { try await verifier.transaction(otherKey) }
        #expect(error?.code == "appstore.bad_signature")

        let genuine = try store.transaction(Self.purchase())
        var richer = Self.purchase()
        richer.expiresDate = Self.now.addingTimeInterval(10 * 365 * 86_400)
        let forgedPayload = TestAppStore.base64URL(try JSONSerialization.data(withJSONObject: richer.json))
        let parts = genuine.split(separator: ".")
        let tampered = "\(parts[0]).\(forgedPayload).\(parts[2])"
        let tamperedError = await #expect(throws: AppStoreError.self) { try await verifier.transaction(tampered) }
        #expect(tamperedError?.code == "appstore.bad_signature")
    }

    @Test("an expired signing certificate is refused, and one not yet valid")
    func expiredLeaf() async throws {
        let expired = try TestAppStore(
            now: Self.now,
            leafValidity: (Self.now.addingTimeInterval(-60 * 86_400), Self.now.addingTimeInterval(-86_400)))
        let error = await #expect(throws: AppStoreError.self) {
            try await expired.verifier(now: { Self.now }).transaction(expired.transaction(Self.purchase()))
        }
        #expect(error?.code == "appstore.untrusted_chain")
        #expect(error?.message.contains("not valid now") == true)
        let early = try TestAppStore(
            now: Self.now, leafValidity: (Self.now.addingTimeInterval(86_400), Self.now.addingTimeInterval(9 * 86_400)))
        await #expect(throws: AppStoreError.self) {
            try await early.verifier(now: { Self.now }).transaction(early.transaction(Self.purchase()))
        }
    }

    @Test("a signing certificate without Apple's marker is refused")
    func unmarkedLeaf() async throws {
        let store = try TestAppStore(now: Self.now, markLeaf: false)
        let error = await #expect(throws: AppStoreError.self) {
            try await store.verifier(now: { Self.now }).transaction(store.transaction(Self.purchase()))
        }
        #expect(error?.code == "appstore.untrusted_chain")
    }

    @Test("a transaction of another app or environment is refused")
    func wrongApp() async throws {
        let store = try TestAppStore(now: Self.now)
        let verifier = store.verifier(environments: [.production], now: { Self.now })
        let other = await #expect(throws: AppStoreError.self) {
            try await verifier.transaction(store.transaction(Self.purchase(bundleID: "com.example.other")))
        }
        #expect(other?.code == "appstore.wrong_app")
        #expect(other?.message.contains("com.example.other") == true)
        let sandbox = await #expect(throws: AppStoreError.self) {
            try await verifier.transaction(store.transaction(Self.purchase(environment: .sandbox)))
        }
        #expect(sandbox?.code == "appstore.wrong_environment")
    }

    @Test("a notification for another app is refused, and a genuine one read with its transaction")
    func notifications() async throws {
        let store = try TestAppStore(now: Self.now)
        let verifier = store.verifier(now: { Self.now })
        let renewal = SignedRenewalInfo(
            originalTransactionID: "2000000000000001", environment: .production, signedDate: Self.now, willRenew: true)
        let genuine = try await verifier.notification(
            store.notification(
                type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: Self.now, transaction: Self.purchase(),
                renewal: renewal))
        #expect(genuine.notificationType == "SUBSCRIBED")
        #expect(genuine.transaction == Self.purchase())
        #expect(genuine.renewalInfo == renewal)
        let error = await #expect(throws: AppStoreError.self) {
            try await verifier.notification(
                store.notification(
                    type: "SUBSCRIBED", signedDate: Self.now, transaction: Self.purchase(),
                    bundleID: "com.example.other"))
        }
        #expect(error?.code == "appstore.wrong_app")
    }

    @Test("a number where true or false belongs, or true where a number belongs, is refused")
    func booleansAreNotNumbers() async throws {
        let store = try TestAppStore(now: Self.now)
        let verifier = store.verifier(now: { Self.now })
        var json = Self.purchase().json
        json["offerType"] = true
        let error = await #expect(throws: AppStoreError.self) { try await verifier.transaction(store.sign(json)) }
        #expect(error?.message.contains("offerType") == true)
        var renewal = SignedRenewalInfo(
            originalTransactionID: "2000000000000001", environment: .production, signedDate: Self.now, willRenew: true
        ).json
        renewal["isInBillingRetryPeriod"] = 1
        let retry = await #expect(throws: AppStoreError.self) { try await verifier.renewalInfo(store.sign(renewal)) }
        #expect(retry?.message.contains("isInBillingRetryPeriod") == true)
    }

    @Test("malformed input is refused with a reason, never a crash", arguments: [
        "", "a.b", "not a jws at all", "...", "e30.e30.e30", String(repeating: "A", count: 70_000),
        "eyJhbGciOiJub25lIn0.e30.", "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJAIiwiQCIsIkAiXX0.e30.AAAA",
    ])
    func malformed(text: String) async throws {
        let store = try TestAppStore(now: Self.now)
        await #expect(throws: AppStoreError.self) { try await store.verifier(now: { Self.now }).transaction(text) }
    }
}
