import AppStoreSignedData
import Crypto
import Foundation
import SwiftASN1
import X509

/// A stand-in for the App Store's signing, for tests: its own root (P-384, as Apple Root CA - G3
/// is), an intermediate and a signing certificate (P-256) marked as Apple marks them, and JWS
/// signed the way the App Store signs transactions and notifications. A verifier given
/// `root` accepts what it signs; the real one, trusting only Apple's root, refuses it.
/// Unchecked: swift-crypto 3's private keys are immutable values it does not mark Sendable.
public struct TestAppStore: @unchecked Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    public let rootKey: P384.Signing.PrivateKey
    public let intermediateKey: P384.Signing.PrivateKey
    public let leafKey: P256.Signing.PrivateKey
    public let bundleID: String

    /// A chain valid from a day before `now` to a year after (the leaf's validity may be given).
    public init(
        bundleID: String = "app.train.ios", now: Date = Date(), name: String = "Test App Store",
        leafValidity: (from: Date, to: Date)? = nil, markLeaf: Bool = true
    ) throws {
        self.bundleID = bundleID
        rootKey = P384.Signing.PrivateKey()
        intermediateKey = P384.Signing.PrivateKey()
        leafKey = P256.Signing.PrivateKey()
        let from = now.addingTimeInterval(-86_400)
        let until = now.addingTimeInterval(365 * 86_400)
        let rootName = try DistinguishedName {
            CommonName("\(name) Root CA")
            OrganizationName(name)
        }
        let intermediateName = try DistinguishedName {
            CommonName("\(name) Worldwide Developer Relations CA")
            OrganizationName(name)
        }
        root = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(rootKey.publicKey),
            notValidBefore: from, notValidAfter: until, issuer: rootName, subject: rootName,
            signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(rootKey))
        intermediate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(intermediateKey.publicKey),
            notValidBefore: from, notValidAfter: until, issuer: rootName, subject: intermediateName,
            signatureAlgorithm: .ecdsaWithSHA384,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Certificate.Extension(oid: SignedDataVerifier.intermediateMarker, critical: false, value: [0x05, 0x00])
            },
            issuerPrivateKey: .init(rootKey))
        let leafName = try DistinguishedName {
            CommonName("Prod ECC Mac App Store and iTunes Store Receipt Signing")
            OrganizationName(name)
        }
        var leafExtensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
        }
        if markLeaf {
            try leafExtensions.append(
                Certificate.Extension(oid: SignedDataVerifier.signingMarker, critical: false, value: [0x05, 0x00]))
        }
        leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(leafKey.publicKey),
            notValidBefore: leafValidity?.from ?? from, notValidAfter: leafValidity?.to ?? until,
            issuer: intermediateName, subject: leafName, signatureAlgorithm: .ecdsaWithSHA384,
            extensions: leafExtensions, issuerPrivateKey: .init(intermediateKey))
    }

    /// A verifier for this store's app that trusts this store's root, at `now`.
    public func verifier(
        environments: Set<AppStoreEnvironment> = [.production, .sandbox],
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> SignedDataVerifier {
        SignedDataVerifier(bundleID: bundleID, environments: environments, rootCertificates: [root], clock: now)
    }

    /// `payload` as a JWS signed by the signing certificate (or `key`), carrying `chain`
    /// (default: leaf, intermediate, root).
    public func sign(_ payload: [String: Any], chain: [Certificate]? = nil, key: P256.Signing.PrivateKey? = nil)
        throws -> String
    {
        let certificates = try (chain ?? [leaf, intermediate, root]).map { certificate in
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return Data(serializer.serializedBytes).base64EncodedString()
        }
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "x5c": certificates])
        let body = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        let signingInput = "\(Self.base64URL(header)).\(Self.base64URL(body))"
        let signature = try (key ?? leafKey).signature(for: Data(signingInput.utf8))
        return "\(signingInput).\(Self.base64URL(signature.rawRepresentation))"
    }

    /// A signed transaction.
    public func transaction(_ transaction: SignedTransaction) throws -> String {
        try sign(transaction.json)
    }

    /// A signed notification (version 2) carrying `transaction` and `renewal`, each signed too.
    public func notification(
        type: String, subtype: String? = nil, uuid: UUID = UUID(), signedDate: Date,
        transaction: SignedTransaction?, renewal: SignedRenewalInfo? = nil, bundleID: String? = nil,
        environment: AppStoreEnvironment = .production
    ) throws -> String {
        var data: [String: Any] = [
            "bundleId": bundleID ?? self.bundleID, "environment": environment.rawValue, "appAppleId": 1_234_567_890,
            "bundleVersion": "1.0",
        ]
        if let transaction { data["signedTransactionInfo"] = try sign(transaction.json) }
        if let renewal { data["signedRenewalInfo"] = try sign(renewal.json) }
        var payload: [String: Any] = [
            "notificationType": type, "notificationUUID": uuid.uuidString.lowercased(), "version": "2.0",
            "signedDate": Int64((signedDate.timeIntervalSince1970 * 1000).rounded()), "data": data,
        ]
        if let subtype { payload["subtype"] = subtype }
        return try sign(payload)
    }

    /// `data` as base64url without padding.
    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
