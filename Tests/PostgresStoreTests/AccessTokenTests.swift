import Crypto
import Foundation
import PostgresStore
import TestSupport
import Testing
import _CryptoExtras

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

    static func claims(
        exp: TimeInterval = 1_767_603_600, aud: String = #""authenticated""#, sub: String = user,
        role: String = "authenticated", more: String = ""
    ) -> String {
        #"{"sub":"\#(sub)","aud":\#(aud),"role":"\#(role)","exp":\#(Int(exp))\#(more)}"#
    }

    /// The project's service-role key as Supabase makes it: no user, no audience, a long life.
    static func serviceRoleClaims(exp: TimeInterval = 2_082_758_400) -> String {
        #"{"iss":"supabase","role":"service_role","iat":1767000000,"exp":\#(Int(exp))}"#
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
            (hs256(claims(more: #","nbf":1767600100"#)), "token.not_yet_valid"),
            (hs256(claims(more: #","iat":1767600100"#)), "token.not_yet_valid"),
            (hs256(claims(more: #","nbf":"soon""#)), "token.malformed"),
            (hs256(claims(role: "anon")), "token.wrong_role"),
            (hs256(claims(), secret: Data()), "token.bad_signature"),
            ("abc.def", "token.malformed"),
            ("", "token.missing"),
        ])
    func refused(token: String, code: String) {
        let error = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: token, keys: Self.keys, now: Self.now)
        }
        #expect(error?.code == code, "\(error?.message ?? "accepted")")
    }

    @Test(
        "claims are read as JSON spells them: whitespace, escapes, numbers in any notation, nested members",
        arguments: [
            "{ \"sub\" :\t\"\(user)\" ,\n\r \"aud\" : [ \"authenticated\" ] , "
                + "\"role\":\"authenticated\", \"exp\": 1767603600 }",
            // The subject and the audience spelled with \u escapes, a \/ and a surrogate pair in another claim.
            #"{"sub":"\u0063\u0030000000-0000-4000-8000-00000000000C","#
                + #""aud":"authenti\u0063ated","role":"authenticated","#
                + #""exp":1767603600,"email":"a\/b \ud83d\udcaa \"x\" \\","n":null,"ok":true}"#,
            #"{"sub":"\#(user)","aud":"authenticated","role":"authenticated","exp":1.7676036e9,"iat":-0.5E-1}"#,
            #"{"app_metadata":{"provider":"email","providers":["email"],"deep":{"a":[1,{"b":[]}]}},"#
                + #""sub":"\#(user)","aud":"authenticated","role":"authenticated","exp":1767603600}"#,
        ])
    func claimsSpelledAnyWay(claims: String) throws {
        let token = try AccessToken(verifying: Self.hs256(claims), keys: Self.keys, now: Self.now)
        #expect(token.user == Self.user && token.role == "authenticated")
        #expect(token.expires == Date(timeIntervalSince1970: 1_767_603_600))
    }

    @Test(
        "claims that are not one JSON object, or name a claim twice, are refused as malformed",
        arguments: [
            // A second sub: which one the token means is not said.
            #"{"sub":"\#(user)","sub":"d0000000-0000-4000-8000-00000000000d","aud":"authenticated","exp":1767603600}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600} x"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":01767603600}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"x":"\ud83d"}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"x":"\q"}"#,
            "{\"sub\":\"\(user)\",\"aud\":\"authenticated\",\"exp\":1767603600,\"x\":\"a\u{01}\"}",
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"x":"open}"#,
            #"[{"sub":"\#(user)","aud":"authenticated","exp":1767603600}]"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"exp2":1e999}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":null}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":true}"#,
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"role":null}"#,
            // Nested deeper than any token needs: refused rather than followed down the stack.
            #"{"sub":"\#(user)","aud":"authenticated","exp":1767603600,"x":"#
                + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
        ])
    func claimsNotJSON(claims: String) {
        let error = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: Self.hs256(claims), keys: Self.keys, now: Self.now)
        }
        #expect(error?.code == "token.malformed", "\(error?.message ?? "accepted")")
    }

    @Test("each part's base64url is read strictly: padding taken, other characters refused")
    func base64Parts() throws {
        let token = Self.hs256(Self.claims())
        let parts = token.split(separator: ".").map(String.init)
        let padded = parts.map { $0 + String(repeating: "=", count: (4 - $0.count % 4) % 4) }.joined(separator: ".")
        #expect(try AccessToken(verifying: " \(padded)\n", keys: Self.keys, now: Self.now).user == Self.user)
        for broken in [
            parts[0] + "!." + parts[1] + "." + parts[2], parts[0] + "." + parts[1] + "." + parts[2] + "AB",
            parts[0] + "." + parts[1] + "===." + parts[2], token + ".",
        ] {
            let error = #expect(throws: AccessTokenError.self) {
                try AccessToken(verifying: broken, keys: Self.keys, now: Self.now)
            }
            #expect(error?.code == "token.malformed", "\(broken): \(error?.message ?? "accepted")")
        }
    }

    @Test("nbf and iat are checked like exp, with the same leeway for a clock that is off")
    func notBeforeAndIssuedAt() throws {
        let early = Self.hs256(Self.claims(more: #","nbf":1767600020,"iat":1767600020"#))
        #expect(try AccessToken(verifying: early, keys: Self.keys, now: Self.now).user == Self.user)
        let later = Self.hs256(Self.claims(more: #","nbf":1767600031"#))
        let error = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: later, keys: Self.keys, now: Self.now)
        }
        #expect(error?.message.contains("valid only from 2026-01-05T08:00:31Z") == true, "\(error?.message ?? "")")
    }

    @Test("a secret under 32 bytes is refused, whatever signed the token", arguments: [0, 1, 31])
    func shortSecretRefused(bytes: Int) {
        let secret = Data(repeating: UInt8(ascii: "s"), count: bytes)
        let token = Self.hs256(Self.claims(), secret: secret)
        let error = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: token, keys: AccessToken.Keys(secret: secret), now: Self.now)
        }
        #expect(error?.code == "token.weak_secret", "\(error?.message ?? "accepted")")
        #expect(throws: AccessTokenError.self) { try AccessToken.Keys.secret(secret, from: "given") }
        #expect((try? AccessToken.Keys.secret(Data(count: 32), from: "given")) != nil)
    }

    @Test("the service role's key proves the service role, and no user; a user's token is not one")
    func serviceRoleKey() throws {
        let key = try AccessToken(verifying: Self.hs256(Self.serviceRoleClaims()), keys: Self.keys, now: Self.now)
        #expect(key.isServiceRole && key.user == nil)
        let user = try AccessToken(verifying: Self.hs256(Self.claims()), keys: Self.keys, now: Self.now)
        #expect(!user.isServiceRole)
        let forged = Self.hs256(Self.serviceRoleClaims(), secret: Data("not-the-projects-secret-but-32-bytes".utf8))
        #expect(throws: AccessTokenError.self) { try AccessToken(verifying: forged, keys: Self.keys, now: Self.now) }
        #expect(throws: AccessTokenError.self) {
            try AccessToken(
                verifying: Self.hs256(Self.serviceRoleClaims(exp: 1_767_000_000)), keys: Self.keys, now: Self.now)
        }
    }

    /// A JWKS holding `key` as `kid`.
    static func jwks(rsa key: _RSA.Signing.PublicKey, kid: String) throws -> Data {
        let primitives = try key.getKeyPrimitives()
        let json =
            #"{"keys":[{"kty":"RSA","alg":"RS256","use":"sig","kid":"\#(kid)","#
            + #""n":"\#(base64URL(primitives.modulus))","e":"\#(base64URL(primitives.publicExponent))"}]}"#
        return Data(json.utf8)
    }

    /// `claims` signed RS256 by `key` under `kid`.
    static func rs256(_ claims: String, key: _RSA.Signing.PrivateKey, kid: String) throws -> String {
        let signed =
            base64URL(Data(#"{"alg":"RS256","typ":"JWT","kid":"\#(kid)"}"#.utf8)) + "."
            + base64URL(Data(claims.utf8))
        let signature = try key.signature(for: Data(signed.utf8), padding: .insecurePKCS1v1_5).rawRepresentation
        return signed + "." + base64URL(signature)
    }

    @Test("RS256 against the project's JWKS; a stranger's key, a short key and a key of the wrong kind refused")
    func rs256() throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let keys = AccessToken.Keys(publicKeys: try AccessToken.Keys.jwks(Self.jwks(rsa: key.publicKey, kid: "r1")))
        let token = try Self.rs256(Self.claims(), key: key, kid: "r1")
        #expect(try AccessToken(verifying: token, keys: keys, now: Self.now).user == Self.user)

        let stranger = try Self.rs256(Self.claims(), key: try _RSA.Signing.PrivateKey(keySize: .bits2048), kid: "r1")
        let refused = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: stranger, keys: keys, now: Self.now)
        }
        #expect(refused?.code == "token.bad_signature")
        let tampered = token.split(separator: ".")
        let other = Self.base64URL(Data(Self.claims(sub: "b0000000-0000-4000-8000-00000000000b").utf8))
        #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: "\(tampered[0]).\(other).\(tampered[2])", keys: keys, now: Self.now)
        }
        // An ES256 header naming the RSA key: the key's kind decides, not the header.
        let confused = Self.base64URL(Data(#"{"alg":"ES256","kid":"r1"}"#.utf8)) + "." + tampered[1] + "." + tampered[2]
        let mixed = #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: confused, keys: keys, now: Self.now)
        }
        #expect(mixed?.code == "token.bad_signature")

        let short = try _RSA.Signing.PrivateKey(unsafeKeySize: _RSA.Signing.KeySize(bitCount: 1024))
        let weak = #expect(throws: AccessTokenError.self) {
            try AccessToken.Keys.jwks(Self.jwks(rsa: short.publicKey, kid: "r0"))
        }
        #expect(weak?.code == "token.invalid_keys")
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
        let jwks =
            #"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","x":"\#(Self.base64URL(raw.prefix(32)))","#
            + #""y":"\#(Self.base64URL(raw.suffix(32)))"}]}"#
        let keys = AccessToken.Keys(publicKeys: try AccessToken.Keys.jwks(Data(jwks.utf8)))
        func token(kid: String, signer: P256.Signing.PrivateKey) throws -> String {
            let signed =
                Self.base64URL(Data(#"{"alg":"ES256","kid":"\#(kid)"}"#.utf8)) + "."
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
            let server = [
                "--store", directory.path("log.sqlite"), "--postgres", "postgres://postgres@127.0.0.1:9/none",
            ]
            let secretFile = directory.path("jwt-secret")
            try Self.secret.write(to: URL(fileURLWithPath: secretFile))
            let forged = Self.hs256(Self.claims(), secret: Data("guess".utf8))
            let runs: [([String], String)] = [
                (["--token", forged, "--jwt-secret-file", secretFile], "error[token.bad_signature]"),
                (
                    ["--token", Self.hs256(Self.claims(exp: 1_000_000_000)), "--jwt-secret-file", secretFile],
                    "error[token.expired]"
                ),
                (["--jwt-secret-file", secretFile], "error[token.missing]"),
                (["--user", Self.user], "error[usage]: --user is for the service role only"),
                (["--service-role"], "error[usage]: --service-role needs --user UUID"),
                // Naming a user as the service role takes the project's service-role key, not the URL.
                (["--service-role", "--user", Self.user], "error[token.missing]: --service-role needs the project's"),
                (
                    [
                        "--service-role", "--user", Self.user, "--token", Self.hs256(Self.claims(exp: 4e9)),
                        "--jwt-secret-file", secretFile,
                    ], "error[token.wrong_role]"
                ),
                (
                    [
                        "--service-role", "--user", Self.user, "--token",
                        Self.hs256(Self.claims(exp: 4e9, role: "anon")),
                        "--jwt-secret-file", secretFile,
                    ], "error[token.wrong_role]"
                ),
                (
                    ["--token", Self.hs256(Self.serviceRoleClaims()), "--jwt-secret-file", secretFile],
                    "error[usage]: the token is the project's service-role key"
                ),
                (
                    [
                        "--token", Self.hs256(Self.claims(exp: 4e9, more: #","nbf":3900000000"#)), "--jwt-secret-file",
                        secretFile,
                    ], "error[token.not_yet_valid]"
                ),
            ]
            for (arguments, expected) in runs {
                let run = try TraindbProcess.run(["sync"] + server + arguments)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory.path("log.sqlite")))
            }
        }
    }

    @Test("an empty or short JWT secret is refused, from a file or from TRAINDB_JWT_SECRET, before the server")
    func shortSecretsRefusedByTheCommand() throws {
        try TemporaryDirectory.with { directory in
            let server = [
                "--store", directory.path("log.sqlite"), "--postgres", "postgres://postgres@127.0.0.1:9/none",
            ]
            for secret in ["", "\n", "31-bytes-of-a-secret-----------"] {
                let secretFile = directory.path("jwt-secret")
                try Data(secret.utf8).write(to: URL(fileURLWithPath: secretFile))
                // Anyone can sign with a secret they can guess: such a token must prove nothing.
                let guessed = Self.hs256(Self.claims(exp: 4_000_000_000), secret: Data(secret.utf8))
                let fromFile = try TraindbProcess.run(
                    ["sync"] + server + ["--token", guessed, "--jwt-secret-file", secretFile])
                #expect(fromFile.status == 2)
                #expect(
                    fromFile.stderr.contains("error[token.weak_secret]: the JWT secret in \(secretFile) is"),
                    "\(fromFile.stderr)")
                let fromEnvironment = try Subprocess.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["TRAINDB_JWT_SECRET=\(secret)", TraindbProcess.executable.path, "sync"] + server
                        + ["--token", guessed])
                #expect(fromEnvironment.status == 2)
                #expect(
                    fromEnvironment.stderr.contains("error[token.weak_secret]: the JWT secret in TRAINDB_JWT_SECRET"),
                    "\(fromEnvironment.stderr)")
            }
        }
    }
}
