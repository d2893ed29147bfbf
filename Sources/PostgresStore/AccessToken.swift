import Crypto
import ErrorCodes
import Foundation

/// The identity a sync acts as, proved by the access token (JWT) the user's sign-in gave them
/// (business rules §13): signed by the project (HS256 with its JWT secret, or ES256 with one of
/// the keys of its JWKS, as Supabase's asymmetric keys are), not expired, for the
/// `authenticated` audience. Verified before the server is touched.
public struct AccessToken: Hashable, Sendable {
    /// The user the token proves: its `sub`, a UUID.
    public let user: String
    /// When it stops being valid.
    public let expires: Date
    /// Its `role` claim (`authenticated` for a signed-in user).
    public let role: String

    /// The keys a token may be signed with: the project's JWT secret, the P-256 public keys of
    /// its JWKS (by `kid`, as the raw x ‖ y bytes), or both.
    public struct Keys: Sendable {
        public var secret: Data?
        public var publicKeys: [String: Data]

        public init(secret: Data? = nil, publicKeys: [String: Data] = [:]) {
            self.secret = secret
            self.publicKeys = publicKeys
        }

        /// The EC P-256 keys of a JWKS document (`{"keys": [{"kty": "EC", "crv": "P-256", …}]}`);
        /// other keys are skipped.
        public static func jwks(_ json: Data) throws(AccessTokenError) -> [String: Data] {
            guard let document = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                let keys = document["keys"] as? [[String: Any]]
            else { throw AccessTokenError(.invalidKeys, "the JWKS is not a JSON object with a \"keys\" list") }
            var found: [String: Data] = [:]
            for key in keys where key["kty"] as? String == "EC" && key["crv"] as? String == "P-256" {
                guard let kid = key["kid"] as? String, let x = (key["x"] as? String).flatMap(base64URL),
                    let y = (key["y"] as? String).flatMap(base64URL),
                    (try? P256.Signing.PublicKey(rawRepresentation: x + y)) != nil
                else { throw AccessTokenError(.invalidKeys, "a P-256 key of the JWKS cannot be read") }
                found[kid] = x + y
            }
            return found
        }
    }

    /// How far a clock may be behind the server's: tokens are accepted this long after `exp`.
    public static let leeway: TimeInterval = 30

    /// Verifies `token` against `keys` at `now`; throws the first thing wrong with it, each with
    /// its own code.
    public init(verifying token: String, keys: Keys, now: Date = Date()) throws(AccessTokenError) {
        let parts = token.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: ".", omittingEmptySubsequences: false)
        guard !token.isEmpty else { throw AccessTokenError(.missing, "no access token was given") }
        guard parts.count == 3, let headerData = Self.base64URL(String(parts[0])),
            let payloadData = Self.base64URL(String(parts[1])), let signature = Self.base64URL(String(parts[2])),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: payloadData) as? [String: Any]
        else { throw AccessTokenError(.malformed, "the access token is not a JWT (three base64url parts)") }
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        switch header["alg"] as? String {
        case "HS256":
            guard let secret = keys.secret else {
                throw AccessTokenError(.unsupportedAlgorithm, "the token is HS256 but no JWT secret was given")
            }
            let key = SymmetricKey(data: secret)
            guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed, using: key) else { throw AccessTokenError(.badSignature, "the access token's signature does not match the JWT secret") }
        case "ES256":
            guard let kid = header["kid"] as? String, let raw = keys.publicKeys[kid],
                let key = try? P256.Signing.PublicKey(rawRepresentation: raw)
            else {
                throw AccessTokenError(.badSignature, "the access token's key (kid) is not one of the project's keys")
            }
            guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
                key.isValidSignature(ecdsa, for: signed)
            else { throw AccessTokenError(.badSignature, "the access token's signature does not match its key") }
        case let other:
            throw AccessTokenError(
                .unsupportedAlgorithm, "the access token is signed with \(other ?? "no algorithm"); HS256 or ES256 only")
        }
        guard let exp = claims["exp"] as? Double else {
            throw AccessTokenError(.malformed, "the access token has no expiry (exp)")
        }
        let expires = Date(timeIntervalSince1970: exp)
        guard now.timeIntervalSince(expires) <= Self.leeway else {
            throw AccessTokenError(
                .expired, "the access token expired at \(ISO8601DateFormatter().string(from: expires)); sign in again")
        }
        let audiences = (claims["aud"] as? String).map { [$0] } ?? (claims["aud"] as? [String]) ?? []
        guard audiences.contains("authenticated") else {
            throw AccessTokenError(
                .wrongAudience,
                "the access token is for \(audiences.isEmpty ? "no audience" : audiences.joined(separator: ", ")), "
                    + "not authenticated")
        }
        guard let sub = claims["sub"] as? String, let uuid = UUID(uuidString: sub) else {
            throw AccessTokenError(.malformed, "the access token's subject (sub) is not a user id")
        }
        user = uuid.uuidString.lowercased()
        self.expires = expires
        role = claims["role"] as? String ?? "authenticated"
    }

    /// The bytes of a base64url text (no padding), or nil.
    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// Why an access token was refused: `code` is stable, one per reason.
public struct AccessTokenError: CodedError, Hashable {
    enum Kind: Hashable, Sendable {
        case missing
        case malformed
        case badSignature
        case expired
        case wrongAudience
        case unsupportedAlgorithm
        case invalidKeys
    }

    let kind: Kind
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `token.missing`, `token.malformed`, `token.bad_signature`, `token.expired`,
    /// `token.wrong_audience`, `token.unsupported_algorithm` or `token.invalid_keys`.
    public var code: String {
        switch kind {
        case .missing: "token.missing"
        case .malformed: "token.malformed"
        case .badSignature: "token.bad_signature"
        case .expired: "token.expired"
        case .wrongAudience: "token.wrong_audience"
        case .unsupportedAlgorithm: "token.unsupported_algorithm"
        case .invalidKeys: "token.invalid_keys"
        }
    }
}
