import Crypto
import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Verifies the App Store's signed data (StoreKit 2's signed transactions, App Store Server
/// Notifications version 2) before anything in it is read (business rules §14): each is a JWS
/// (ES256) whose header carries its certificate chain (`x5c`: the signing certificate, Apple's
/// intermediate, the root). The chain must verify up to a root this verifier holds (Apple Root
/// CA - G3; tests give their own), each certificate valid at the verifier's clock, the signing
/// certificate and the intermediate marked as Apple marks them; the JWS must verify under the
/// signing certificate's key; and the payload must be this app's (bundle id) from an environment
/// this server accepts. The root in `x5c` is never trusted for itself: only the held roots are.
public struct SignedDataVerifier: Sendable {
    /// The bundle id of the app whose purchases this server records.
    public let bundleID: String
    /// The App Store environments accepted (`Production`; `Sandbox` for testing).
    public let environments: Set<AppStoreEnvironment>
    private let roots: [Certificate]
    private let clock: @Sendable () -> Date

    /// The extension Apple puts on the certificates that sign App Store data.
    public static let signingMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    /// The extension on Apple's intermediate certificate (Apple Worldwide Developer Relations).
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    /// The most bytes a JWS may have: a transaction is a few kilobytes; a notification carries two.
    public static let maximumBytes = 60_000

    /// A verifier trusting `rootCertificates` alone (Apple Root CA - G3 by default), checking
    /// validity at `clock()`.
    public init(
        bundleID: String, environments: Set<AppStoreEnvironment> = [.production],
        rootCertificates: [Certificate] = [SignedDataVerifier.appleRootCAG3],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.bundleID = bundleID
        self.environments = environments
        roots = rootCertificates
        self.clock = clock
    }

    /// Apple Root CA - G3, as committed in `AppleRootCA-G3.pem` (SHA-256 fingerprint
    /// 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79).
    public static let appleRootCAG3: Certificate = {
        let pem = String(decoding: PackageResources.AppleRootCA_G3_pem, as: UTF8.self)
        guard let certificate = try? Certificate(pemEncoded: pem) else {
            preconditionFailure("the committed Apple Root CA - G3 certificate does not parse")
        }
        return certificate
    }()

    /// A signed transaction's payload, once its signature, chain, app and environment are checked.
    public func transaction(_ jws: String) async throws(AppStoreError) -> SignedTransaction {
        let transaction = try SignedTransaction(json: await payload(of: jws, what: "the signed transaction"))
        try check(bundleID: transaction.bundleID, environment: transaction.environment, what: "the transaction")
        return transaction
    }

    /// A signed renewal info's payload, checked as a transaction is (its environment; it names no app).
    public func renewalInfo(_ jws: String) async throws(AppStoreError) -> SignedRenewalInfo {
        let info = try SignedRenewalInfo(json: await payload(of: jws, what: "the signed renewal info"))
        guard environments.contains(info.environment) else {
            throw AppStoreError(
                .wrongEnvironment, "the renewal info is from the \(info.environment.rawValue) environment; "
                    + "this server takes \(environmentList)")
        }
        return info
    }

    /// A notification's payload, with the transaction and renewal info it carries, each verified.
    public func notification(_ signedPayload: String) async throws(AppStoreError) -> SignedNotification {
        let json = try await payload(of: signedPayload, what: "the notification")
        var notification = try SignedNotification(json: json)
        try check(
            bundleID: notification.bundleID, environment: notification.environment,
            what: "the notification")
        if let jws = notification.signedTransactionInfo {
            let transaction = try await transaction(jws)
            notification.transaction = transaction
        }
        if let jws = notification.signedRenewalInfo {
            notification.renewalInfo = try await renewalInfo(jws)
        }
        if let transaction = notification.transaction, let info = notification.renewalInfo,
            info.originalTransactionID != transaction.originalTransactionID
        {
            throw AppStoreError(
                .malformed, "the notification's renewal info is for another subscription than its transaction")
        }
        return notification
    }

    private var environmentList: String {
        environments.map(\.rawValue).sorted().joined(separator: " and ")
    }

    private func check(bundleID: String, environment: AppStoreEnvironment, what: String) throws(AppStoreError) {
        guard bundleID == self.bundleID else {
            throw AppStoreError(.wrongApp, "\(what) is for the app \(bundleID), not \(self.bundleID)")
        }
        guard environments.contains(environment) else {
            throw AppStoreError(
                .wrongEnvironment,
                "\(what) is from the \(environment.rawValue) environment; this server takes \(environmentList)")
        }
    }

    /// The payload's bytes of a JWS whose chain and signature verify.
    func payload(of jws: String, what: String) async throws(AppStoreError) -> Data {
        guard jws.utf8.count <= Self.maximumBytes else {
            throw AppStoreError(.malformed, "\(what) is \(jws.utf8.count) bytes; at most \(Self.maximumBytes)")
        }
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = base64URL(parts[0]), let payload = base64URL(parts[1]),
            let signature = base64URL(parts[2])
        else { throw AppStoreError(.malformed, "\(what) is not a JWS (three base64url parts)") }
        guard let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any] else {
            throw AppStoreError(.malformed, "\(what)'s header is not a JSON object")
        }
        guard header["alg"] as? String == "ES256" else {
            throw AppStoreError(
                .unsupportedAlgorithm,
                "\(what) is signed with \(header["alg"] as? String ?? "no algorithm"); ES256 only")
        }
        guard let chain = header["x5c"] as? [String], chain.count == 3 else {
            throw AppStoreError(
                .untrustedChain, "\(what) does not carry a chain of three certificates (x5c: leaf, intermediate, root)")
        }
        var certificates: [Certificate] = []
        for (position, text) in chain.enumerated() {
            guard let der = Data(base64Encoded: text), let certificate = try? Certificate(derEncoded: Array(der)) else {
                throw AppStoreError(.untrustedChain, "\(what)'s certificate \(position + 1) of x5c cannot be read")
            }
            certificates.append(certificate)
        }
        let leaf = certificates[0]
        try await verifyChain(leaf: leaf, intermediates: [certificates[1]], what: what)
        guard let key = P256.Signing.PublicKey(leaf.publicKey) else {
            throw AppStoreError(.untrustedChain, "\(what)'s signing certificate does not hold a P-256 key")
        }
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            key.isValidSignature(ecdsa, for: Data(jws.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count)))
        else { throw AppStoreError(.badSignature, "\(what)'s signature does not match its signing certificate") }
        return payload
    }

    private func verifyChain(
        leaf: Certificate, intermediates: [Certificate], what: String
    ) async throws(AppStoreError) {
        let now = clock()
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            RFC5280Policy(fixedExpiryValidationTime: now)
            AppleMarkerPolicy()
        }
        var expired: [String] = []
        for certificate in [leaf] + intermediates
        where now < certificate.notValidBefore || now > certificate.notValidAfter {
            expired.append(
                "\(certificate.subject) (valid \(certificate.notValidBefore) to \(certificate.notValidAfter))")
        }
        switch await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates)) {
        case .validCertificate:
            return
        case .couldNotValidate:
            if !expired.isEmpty {
                throw AppStoreError(
                    .untrustedChain,
                    "\(what)'s chain holds a certificate not valid now: \(expired.joined(separator: "; "))")
            }
            throw AppStoreError(
                .untrustedChain, "\(what)'s certificate chain does not verify up to Apple Root CA - G3")
        }
    }
}

/// Apple's own requirement on top of RFC 5280: three certificates, the signing one and the
/// intermediate each carrying the extension Apple marks them with.
struct AppleMarkerPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard chain.count == 3 else {
            return .failsToMeetPolicy(reason: "the chain has \(chain.count) certificates, not 3")
        }
        guard chain[0].extensions[oid: SignedDataVerifier.signingMarker] != nil else {
            return .failsToMeetPolicy(reason: "the signing certificate lacks Apple's App Store marker")
        }
        guard chain[1].extensions[oid: SignedDataVerifier.intermediateMarker] != nil else {
            return .failsToMeetPolicy(reason: "the intermediate certificate lacks Apple's marker")
        }
        return .meetsPolicy
    }
}

/// The bytes of base64url text (padding optional), or nil.
func base64URL(_ text: Substring) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    guard !base64.contains("=") || base64.hasSuffix("=") else { return nil }
    base64 = base64.replacingOccurrences(of: "=", with: "")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
}
