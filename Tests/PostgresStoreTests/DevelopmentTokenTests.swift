import Foundation
import PostgresStore
import TestSupport
import Testing

/// `traindb token` signs the development access tokens a newcomer needs to try the sync and the
/// account against a local cluster; `traindb sync` without a token or a key names what to give.
@Suite("development tokens")
struct DevelopmentTokenTests {
    static let user = "c0000000-0000-4000-8000-00000000000c"

    @Test("a signed user's token and the service-role key verify as what they claim to be")
    func signedVerifies() throws {
        let now = Date(timeIntervalSince1970: 1_767_600_000)
        let keys = AccessToken.Keys(secret: AccessTokenTests.secret)
        let token = try AccessToken.signed(
            user: UUID(uuidString: Self.user), secret: AccessTokenTests.secret, lifetime: 600, now: now)
        let verified = try AccessToken(verifying: token, keys: keys, now: now)
        #expect(verified.user == Self.user)
        #expect(verified.role == "authenticated")
        #expect(verified.expires == now.addingTimeInterval(600))
        #expect(throws: AccessTokenError.self) {
            try AccessToken(verifying: token, keys: keys, now: now.addingTimeInterval(700))
        }
        let other = AccessToken.Keys(secret: Data(String(repeating: "x", count: 40).utf8))
        #expect(throws: AccessTokenError.self) { try AccessToken(verifying: token, keys: other, now: now) }

        let service = try AccessToken.signed(user: nil, secret: AccessTokenTests.secret, now: now)
        let role = try AccessToken(verifying: service, keys: keys, now: now)
        #expect(role.isServiceRole && role.user == nil)
    }

    @Test("a secret under 32 bytes signs nothing")
    func weakSecret() {
        #expect(throws: AccessTokenError.self) {
            try AccessToken.signed(user: UUID(), secret: Data("short".utf8))
        }
    }

    @Test("traindb token prints a token that the sync's verification accepts, and refuses what it cannot sign")
    func command() throws {
        try TemporaryDirectory.with { directory in
            let secret = directory.path("jwt-secret")
            try AccessTokenTests.secret.write(to: URL(fileURLWithPath: secret))
            let output = try TraindbProcess.run(["token", "--user", Self.user, "--jwt-secret-file", secret])
            #expect(output.status == 0, "\(output.stderr)")
            let token = output.stdout.trimmingCharacters(in: .newlines)
            #expect(
                try AccessToken(verifying: token, keys: AccessToken.Keys(secret: AccessTokenTests.secret)).user
                    == Self.user)

            try Data("too short".utf8).write(to: URL(fileURLWithPath: directory.path("weak")))
            let weak = try TraindbProcess.run([
                "token", "--user", Self.user, "--jwt-secret-file", directory.path("weak"),
            ])
            #expect(weak.status == 2)
            #expect(weak.stderr.hasPrefix("traindb: error[token.weak_secret]:"))
            #expect(weak.stdout.isEmpty)

            let nobody = try TraindbProcess.run(["token", "--jwt-secret-file", secret])
            #expect(nobody.status == 2)
            #expect(nobody.stderr.hasPrefix("traindb: error[usage]: give the user the token proves with --user UUID"))
        }
    }

    @Test("sync without a token, or without a key to verify it, names the options that give them")
    func syncNamesTheOptions() throws {
        try TemporaryDirectory.with { directory in
            let store = directory.path("log.sqlite")
            let url = "postgres://nobody@127.0.0.1:1/none"
            let noToken = try TraindbProcess.run(["sync", "--store", store, "--postgres", url])
            #expect(noToken.status == 2)
            #expect(noToken.stderr.contains("error[token.missing]"))
            #expect(noToken.stderr.contains("--token-file FILE") && noToken.stderr.contains("traindb token"))

            let token = try AccessToken.signed(user: UUID(uuidString: Self.user), secret: AccessTokenTests.secret)
            let noKey = try TraindbProcess.run(["sync", "--store", store, "--postgres", url, "--token", token])
            #expect(noKey.status == 2)
            #expect(noKey.stderr.contains("error[token.no_key]"))
            #expect(noKey.stderr.contains("--jwt-secret-file FILE"))
        }
    }
}
