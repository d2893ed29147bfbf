import Crypto
import ErrorCodes
import Foundation
import _CryptoExtras

/// The identity a command acts as on the server, proved by a JWT the project signed (business
/// rules §13): a signed-in user's access token, or the project's service-role key. Signed with
/// the project's JWT secret (HS256, a secret of at least 32 bytes) or with one of the keys of its
/// JWKS (ES256 or RS256, as Supabase's asymmetric keys are); within its validity (`exp`, `nbf`
/// and `iat`, with `leeway` for a clock that is off). A user's token is for the `authenticated`
/// audience and names its user (`sub`); the service role's key has the role `service_role`.
/// Verified before the server is touched.
public struct AccessToken: Hashable, Sendable {
    /// The user the token proves: its `sub`, a lowercase UUID; nil for the service role's key,
    /// which names no user.
    public let user: String?
    /// When it stops being valid.
    public let expires: Date
    /// Its `role` claim: `authenticated` for a signed-in user, `service_role` for the project's key.
    public let role: String

    /// Whether this is the project's service-role key rather than a user's token.
    public var isServiceRole: Bool { role == Self.serviceRole }

    /// The role of the project's service-role key.
    public static let serviceRole = "service_role"

    /// The fewest bytes an HS256 secret may have: a shorter one (an empty file, a typo) can be
    /// guessed, and with it anyone could sign a token for any user.
    public static let minimumSecretBytes = 32

    /// One public key of the project's JWKS.
    public struct PublicKey: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            /// A P-256 point, as its raw x ‖ y bytes (ES256).
            case p256(Data)
            /// An RSA modulus and exponent, big-endian (RS256).
            case rsa(modulus: Data, exponent: Data)
        }

        /// The key as it checks signatures, built once from `kind`'s bytes when the JWKS is read.
        /// Unchecked: swift-crypto's public keys are immutable values it has not marked Sendable.
        enum Verifier: @unchecked Sendable {
            case p256(P256.Signing.PublicKey)
            case rsa(_RSA.Signing.PublicKey)
        }

        let kind: Kind
        let verifier: Verifier

        public static func == (left: PublicKey, right: PublicKey) -> Bool { left.kind == right.kind }

        public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

        /// The JWS algorithm this key verifies.
        var algorithm: String {
            switch kind {
            case .p256: "ES256"
            case .rsa: "RS256"
            }
        }
    }

    /// The keys a token may be signed with: the project's JWT secret, the public keys of its
    /// JWKS (by `kid`), or both.
    public struct Keys: Sendable {
        public var secret: Data? {
            didSet { hmacKey = secret.map(HMACKey.init) }
        }
        public var publicKeys: [String: PublicKey]
        /// `secret` as HMAC's key, made once rather than at every token.
        private var hmacKey: HMACKey?

        /// Unchecked: swift-crypto's `SymmetricKey` is an immutable value it has not marked Sendable.
        private struct HMACKey: @unchecked Sendable {
            let key: SymmetricKey
            init(_ secret: Data) { key = SymmetricKey(data: secret) }
        }

        public init(secret: Data? = nil, publicKeys: [String: PublicKey] = [:]) {
            self.secret = secret
            self.publicKeys = publicKeys
            self.hmacKey = secret.map(HMACKey.init)
        }

        /// HMAC's key for `secret` (which is `self.secret`).
        func symmetricKey(_ secret: Data) -> SymmetricKey {
            hmacKey?.key ?? SymmetricKey(data: secret)
        }

        /// `data` as the project's JWT secret, or an error when it is shorter than
        /// `minimumSecretBytes`.
        public static func secret(_ data: Data, from source: String) throws(AccessTokenError) -> Data {
            guard data.count >= AccessToken.minimumSecretBytes else {
                throw AccessTokenError(
                    .weakSecret,
                    "the JWT secret \(source) is \(data.count) byte\(data.count == 1 ? "" : "s"); at least "
                        + "\(AccessToken.minimumSecretBytes) are needed (the project's secret is in its API settings)")
            }
            return data
        }

        /// The signing keys of a JWKS document (`{"keys": [{"kty": "EC", "crv": "P-256", …},
        /// {"kty": "RSA", "n": …, "e": …}]}`), by `kid`. Keys for encryption (`"use": "enc"`) and
        /// of other types or algorithms are skipped; an RSA key under 2,048 bits is refused.
        public static func jwks(_ json: Data) throws(AccessTokenError) -> [String: PublicKey] {
            guard let document = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                let keys = document["keys"] as? [[String: Any]]
            else { throw AccessTokenError(.invalidKeys, "the JWKS is not a JSON object with a \"keys\" list") }
            var found: [String: PublicKey] = [:]
            for key in keys where key["use"] as? String != "enc" {
                let algorithm = key["alg"] as? String
                switch key["kty"] as? String {
                case "EC" where key["crv"] as? String == "P-256" && (algorithm ?? "ES256") == "ES256":
                    guard let kid = key["kid"] as? String, let x = (key["x"] as? String).flatMap(base64URL),
                        let y = (key["y"] as? String).flatMap(base64URL),
                        let p256 = try? P256.Signing.PublicKey(rawRepresentation: x + y)
                    else { throw AccessTokenError(.invalidKeys, "a P-256 key of the JWKS cannot be read") }
                    found[kid] = PublicKey(kind: .p256(x + y), verifier: .p256(p256))
                case "RSA" where (algorithm ?? "RS256") == "RS256":
                    guard let kid = key["kid"] as? String, let n = (key["n"] as? String).flatMap(base64URL),
                        let e = (key["e"] as? String).flatMap(base64URL),
                        let rsa = try? _RSA.Signing.PublicKey(n: n, e: e)
                    else { throw AccessTokenError(.invalidKeys, "an RSA key of the JWKS cannot be read") }
                    guard rsa.keySizeInBits >= 2_048 else {
                        throw AccessTokenError(
                            .invalidKeys,
                            "the JWKS's RSA key \(kid) has \(rsa.keySizeInBits) bits; at least 2048 are needed")
                    }
                    found[kid] = PublicKey(kind: .rsa(modulus: n, exponent: e), verifier: .rsa(rsa))
                default:
                    continue
                }
            }
            return found
        }
    }

    /// How far a clock may be off from the issuer's: tokens are accepted this long after `exp`,
    /// and this long before `nbf` and `iat`.
    public static let leeway: TimeInterval = 30

    /// Verifies `token` against `keys` at `now`; throws the first thing wrong with it, each with
    /// its own code.
    public init(verifying token: String, keys: Keys, now: Date = Date()) throws(AccessTokenError) {
        // Foundation's trimming only when an end is whitespace (or not ASCII): most tokens are
        // read as they came.
        let ends = (token.utf8.first, token.utf8.last)
        let asciiEnds = ends.0.map { $0 > 0x20 && $0 < 0x80 } == true && ends.1.map { $0 > 0x20 && $0 < 0x80 } == true
        let trimmed = asciiEnds ? Substring(token) : Substring(token.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !token.isEmpty else { throw AccessTokenError(.missing, "no access token was given") }
        let parts = trimmed.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
            let payloadData = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2]),
            let header = TokenJSON.object(headerData), let claims = TokenJSON.object(payloadData)
        else { throw AccessTokenError(.malformed, "the access token is not a JWT (three base64url parts)") }
        // What is signed: the header and the claims as sent, with the dot between them.
        let signed = Array(trimmed.utf8[parts[0].startIndex..<parts[1].endIndex])
        try Self.checkSignature(Data(signature), of: signed, header: header, keys: keys)

        let stamp = { (date: Date) in ISO8601DateFormatter().string(from: date) }
        guard let exp = try Self.time(claims, "exp") else {
            throw AccessTokenError(.malformed, "the access token has no expiry (exp)")
        }
        guard now.timeIntervalSince(exp) <= Self.leeway else {
            throw AccessTokenError(.expired, "the access token expired at \(stamp(exp)); sign in again")
        }
        if let notBefore = try Self.time(claims, "nbf"), notBefore.timeIntervalSince(now) > Self.leeway {
            throw AccessTokenError(
                .notYetValid, "the access token is valid only from \(stamp(notBefore)), and it is \(stamp(now)) here")
        }
        if let issued = try Self.time(claims, "iat"), issued.timeIntervalSince(now) > Self.leeway {
            throw AccessTokenError(
                .notYetValid,
                "the access token says it was issued at \(stamp(issued)), later than now (\(stamp(now))): "
                    + "this clock or the issuer's is wrong")
        }

        let role: String
        switch claims["role"] {
        case nil: role = "authenticated"
        case .text(let text)?: role = text
        case _?: throw AccessTokenError(.malformed, "the access token's role is not a text")
        }
        switch role {
        case Self.serviceRole:
            // The project's service-role key names no user and no audience (Supabase's has neither).
            user = nil
        case "authenticated":
            let audiences: [String] =
                switch claims["aud"] {
                case .text(let audience)?: [audience]
                case .list(let items)?:
                    // A list with anything but texts in it names no audience, as before.
                    items.allSatisfy { if case .text = $0 { true } else { false } }
                        ? items.compactMap { if case .text(let audience) = $0 { audience } else { nil } } : []
                default: []
                }
            guard audiences.contains("authenticated") else {
                throw AccessTokenError(
                    .wrongAudience,
                    "the access token is for \(audiences.isEmpty ? "no audience" : audiences.joined(separator: ", ")), "
                        + "not authenticated")
            }
            guard case .text(let sub)? = claims["sub"], let uuid = UUID(uuidString: sub) else {
                throw AccessTokenError(.malformed, "the access token's subject (sub) is not a user id")
            }
            user = uuid.uuidString.lowercased()
        default:
            throw AccessTokenError(
                .wrongRole,
                "the token's role is \(role): a signed-in user's token (authenticated) or the project's "
                    + "service-role key (service_role) is needed")
        }
        self.expires = exp
        self.role = role
    }

    /// Checks the signature over `signed` with the key the header names; throws what is wrong.
    private static func checkSignature(
        _ signature: Data, of signed: [UInt8], header: [String: TokenJSON], keys: Keys
    ) throws(AccessTokenError) {
        let algorithm: String? = if case .text(let alg)? = header["alg"] { alg } else { nil }
        switch algorithm {
        case "HS256":
            guard let secret = keys.secret else {
                throw AccessTokenError(.unsupportedAlgorithm, "the token is HS256 but no JWT secret was given")
            }
            _ = try Keys.secret(secret, from: "given")
            guard
                HMAC<SHA256>.isValidAuthenticationCode(
                    signature, authenticating: signed, using: keys.symmetricKey(secret))
            else { throw AccessTokenError(.badSignature, "the access token's signature does not match the JWT secret") }
        case "ES256", "RS256":
            guard case .text(let kid)? = header["kid"], let key = keys.publicKeys[kid] else {
                throw AccessTokenError(.badSignature, "the access token's key (kid) is not one of the project's keys")
            }
            guard key.algorithm == algorithm else {
                throw AccessTokenError(
                    .badSignature,
                    "the access token is \(algorithm ?? "") but the project's key \(kid) is \(key.algorithm)")
            }
            let valid: Bool
            switch key.verifier {
            case .p256(let publicKey):
                valid =
                    (try? P256.Signing.ECDSASignature(rawRepresentation: signature)).map {
                        publicKey.isValidSignature($0, for: signed)
                    } ?? false
            case .rsa(let publicKey):
                valid = publicKey.isValidSignature(
                    _RSA.Signing.RSASignature(rawRepresentation: signature), for: signed, padding: .insecurePKCS1v1_5)
            }
            guard valid else {
                throw AccessTokenError(.badSignature, "the access token's signature does not match its key")
            }
        case let other:
            throw AccessTokenError(
                .unsupportedAlgorithm,
                "the access token is signed with \(other ?? "no algorithm"); HS256, ES256 or RS256 only")
        }
    }

    /// The moment claim `name` gives (seconds since 1970), nil when absent; an error when it is
    /// not a number.
    private static func time(_ claims: [String: TokenJSON], _ name: String) throws(AccessTokenError) -> Date? {
        switch claims[name] {
        case nil: return nil
        case .number(let seconds)?: return Date(timeIntervalSince1970: seconds)
        case _?: throw AccessTokenError(.malformed, "the access token's \(name) is not a time (seconds since 1970)")
        }
    }

    /// The bytes of a base64url text (no padding), or nil.
    static func base64URL(_ text: String) -> Data? {
        Base64URL.decode(Substring(text).utf8).map { Data($0) }
    }
}

/// Why an access token was refused: `code` is stable, one per reason.
public struct AccessTokenError: CodedError, Hashable {
    /// What kind of refusal it is: match on it (or on `code`), not on the message.
    public enum Kind: Hashable, Sendable {
        case missing
        case malformed
        case badSignature
        case expired
        case notYetValid
        case wrongAudience
        case wrongRole
        case unsupportedAlgorithm
        case invalidKeys
        case weakSecret
    }

    public let kind: Kind
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `token.missing`, `token.malformed`, `token.bad_signature`, `token.expired`,
    /// `token.not_yet_valid`, `token.wrong_audience`, `token.wrong_role`,
    /// `token.unsupported_algorithm`, `token.invalid_keys` or `token.weak_secret`.
    public var code: String {
        switch kind {
        case .missing: "token.missing"
        case .malformed: "token.malformed"
        case .badSignature: "token.bad_signature"
        case .expired: "token.expired"
        case .notYetValid: "token.not_yet_valid"
        case .wrongAudience: "token.wrong_audience"
        case .wrongRole: "token.wrong_role"
        case .unsupportedAlgorithm: "token.unsupported_algorithm"
        case .invalidKeys: "token.invalid_keys"
        case .weakSecret: "token.weak_secret"
        }
    }
}
