import Crypto
import Foundation
import PostgresStore
import TestSupport
import Testing

/// The sync's identity is the user a verified access token proves (business rules §13): every
/// way a token can be wrong is refused with its own code, before any server is contacted.
@Suite("access tokens")
struct AccessTokenTests {
    static let secret = Data("super-secret-jwt-token-with-at-least-32-characters-long".utf8)
    static let user = "c0000000-0000-4000-8000-00000000000c"
    static let now = Date(timeIntervalSince1970: 1_767_600_000)  // 2026-01-05

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A token with `claims`, signed HS256 with `secret`.
    static func hs256(_ claims: String, secret: Data = secret, header: String = #"{"alg":"HS256","typ":"JWT"}"#)
        -> String
    {
        let signed = base64URL(Data(header.utf8)) + "." + base64URL(Data(claims.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(signed.utf8), using: SymmetricKey(data: secret))
        return signed + "." + base64URL(Data(mac))
    }

    static func claims(exp: TimeInterval = 1_767_603_600, aud: String = #""authenticated""#, sub: String = user)
        -> String
    {
        #"{"sub":"\#(sub)","aud":\#(aud),"role":"authenticated","exp":\#(Int(exp))}"#
    }

    static let keys = AccessToken.Keys(secret: secret)

    @Test("a token signed with the project's secret proves its subject")
    func valid() throws {
        let token = try AccessToken(verifying: Self.hs256(Self.claims()), keys: Self.keys, now: Self.now)
        #expect(token.user == Self.user && token.role == "authenticated")
        let listed = try AccessToken(
            verifying: Self.hs256(Self.claims(aud: #"["authenticated","other"]"#)), keys: Self.keys, now: Self.now)
        #expect(listed.user == Self.user)
    }

    @Test(
        "forged, expired, wrong-audience, malformed and missing tokens are refused, each with its code",
        arguments: [
            (hs256(claims(), secret: Data("another-projects-secret".utf8)), "token.bad_signature"),
            (hs256(claims(exp: 1_767_599_960)), "token.expired"),
            (hs256(claims(aud: #""anon""#)), "token.wrong_audience"),
            (hs256(claims(sub: "not-a-uuid")), "token.malformed"),
            (hs256(#"{"sub":"\#(user)","aud":"authenticated"}"#), "token.malformed"),
            (hs256(claims(), header: #"{"alg":"none"}"#), "token.unsupported_algorithm"),
            ("abc.def", "token.malformed"),
            ("", "token.missing"),
        ])
    func refused(token: String, code: String) {
        let error = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: token, keys: Self.keys, now: Self.now)
        }
        #expect(error?.code == code, "\(error?.message ?? "accepted")")
    }

    @Test("a claim changed after signing breaks the signature")
    func tampered() {
        let token = Self.hs256(Self.claims())
        let parts = token.split(separator: ".")
        let other = Self.base64URL(Data(Self.claims(sub: "b0000000-0000-4000-8000-00000000000b").utf8))
        let forged = "\(parts[0]).\(other).\(parts[2])"
        #expect(throws: AccessTokenError.self) { try AccessToken(verifying: forged, keys: Self.keys, now: Self.now) }
    }

    @Test("ES256 against the project's JWKS, as Supabase's asymmetric keys sign them")
    func es256() throws {
        let key = P256.Signing.PrivateKey()
        let raw = key.publicKey.rawRepresentation
        let jwks = #"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","x":"\#(Self.base64URL(raw.prefix(32)))","y":"\#(Self.base64URL(raw.suffix(32)))"}]}"#
        let keys = AccessToken.Keys(publicKeys: try AccessToken.Keys.jwks(Data(jwks.utf8)))
        func token(kid: String, signer: P256.Signing.PrivateKey) throws -> String {
            let signed = Self.base64URL(Data(#"{"alg":"ES256","kid":"\#(kid)"}"#.utf8)) + "."
                + Self.base64URL(Data(Self.claims().utf8))
            let signature = try signer.signature(for: Data(signed.utf8)).rawRepresentation
            return signed + "." + Self.base64URL(signature)
        }
        #expect(try AccessToken(verifying: token(kid: "k1", signer: key), keys: keys, now: Self.now).user == Self.user)
        let stranger = try token(kid: "k1", signer: P256.Signing.PrivateKey())
        #expect(throws: AccessTokenError.self) { try AccessToken(verifying: stranger, keys: keys, now: Self.now) }
        let unknownKey = try token(kid: "k2", signer: key)
        #expect(throws: AccessTokenError.self) { try AccessToken(verifying: unknownKey, keys: keys, now: Self.now) }
    }

    @Test("traindb sync refuses a bad token or a named user before contacting the server")
    func syncRefusesBeforeTheServer() throws {
        try TemporaryDirectory.with { directory in
            // Nothing listens on port 9: a refusal that reached the server would say so.
            let server = ["--store", directory.path("log.sqlite"), "--postgres", "postgres://postgres@127.0.0.1:9/none"]
            let secretFile = directory.path("jwt-secret")
            try Self.secret.write(to: URL(fileURLWithPath: secretFile))
            let forged = Self.hs256(Self.claims(), secret: Data("guess".utf8))
            let runs: [([String], String)] = [
                (["--token", forged, "--jwt-secret-file", secretFile], "error[token.bad_signature]"),
                (["--token", Self.hs256(Self.claims(exp: 1_000_000_000)), "--jwt-secret-file", secretFile],
                 "error[token.expired]"),
                (["--jwt-secret-file", secretFile], "error[token.missing]"),
                (["--user", Self.user], "error[usage]: --user is for the service role only"),
                (["--service-role"], "error[usage]: --service-role needs --user UUID"),
            ]
            for (arguments, expected) in runs {
                let run = try TraindbProcess.run(["sync"] + server + arguments)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory.path("log.sqlite")))
            }
        }
    }
}
