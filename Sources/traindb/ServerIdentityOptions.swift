import ArgumentParser
import Foundation
import PostgresStore

/// Who a command that talks to the server acts as (`traindb sync`, `traindb account … --postgres`):
/// the user an access token proves, verified before the server is touched, or the service role
/// for the project's own jobs.
struct ServerIdentityOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The user's access token (the JWT their sign-in gave them); also --token-file or "
                + "TRAINDB_SYNC_TOKEN. The command acts as its subject, once verified.", valueName: "jwt"))
    var token: String?

    @Option(help: ArgumentHelp("A file holding the access token.", valueName: "file"))
    var tokenFile: String?

    @Option(
        help: ArgumentHelp(
            "A file holding the project's JWT secret, for HS256 tokens (or TRAINDB_JWT_SECRET).", valueName: "file"))
    var jwtSecretFile: String?

    @Option(help: ArgumentHelp("The project's JWKS (its public keys), for ES256 and RS256 tokens.", valueName: "file"))
    var jwks: String?

    @Flag(
        help: ArgumentHelp(
            "Act as the service role, for the project's own jobs only, never a device: the token must be "
                + "the project's service-role key (a JWT whose role is service_role). Needs --user."))
    var serviceRole = false

    @Option(help: ArgumentHelp("With --service-role only: the user whose log this is (a UUID).", valueName: "uuid"))
    var user: String?

    /// Who the command acts as: the verified token's subject as `authenticated`, or, with the
    /// project's verified service-role key, the named user as `service_role`. Decided before the
    /// server is touched; holding the server's URL proves nothing.
    func verified() throws -> (user: String, role: String) {
        let environment = ProcessInfo.processInfo.environment
        if serviceRole {
            guard user != nil else { throw CommandError("usage", "--service-role needs --user UUID") }
        } else if user != nil {
            throw CommandError(
                "usage", "--user is for the service role only (--service-role); a device proves its user with --token")
        }
        let text: String
        if let token {
            text = token
        } else if let tokenFile {
            text = try Self.contents(of: tokenFile, "the token")
        } else {
            text = environment["TRAINDB_SYNC_TOKEN"] ?? ""
        }
        var keys = AccessToken.Keys()
        if let jwtSecretFile {
            keys.secret = try AccessToken.Keys.secret(
                Data(try Self.contents(of: jwtSecretFile, "the JWT secret").utf8), from: "in \(jwtSecretFile)")
        } else if let secret = environment["TRAINDB_JWT_SECRET"] {
            keys.secret = try AccessToken.Keys.secret(Data(secret.utf8), from: "in TRAINDB_JWT_SECRET")
        }
        if let jwks {
            keys.publicKeys = try AccessToken.Keys.jwks(Data(try Self.contents(of: jwks, "the JWKS").utf8))
        }
        if serviceRole && text.isEmpty {
            throw CommandError(
                "token.missing",
                "--service-role needs the project's service-role key (a JWT whose role is service_role): "
                    + "give it with --token, --token-file or TRAINDB_SYNC_TOKEN")
        }
        if text.isEmpty {
            throw CommandError(
                "token.missing",
                "no access token was given: a device proves its user with --token JWT, --token-file FILE or "
                    + "TRAINDB_SYNC_TOKEN (against a local cluster, `traindb token --user UUID --jwt-secret-file FILE` "
                    + "signs one)")
        }
        if keys.secret == nil && keys.publicKeys.isEmpty {
            throw CommandError(
                "token.no_key",
                "nothing to verify the access token with: give the project's JWT secret with --jwt-secret-file FILE "
                    + "(or TRAINDB_JWT_SECRET), or its public keys with --jwks FILE")
        }
        let verified = try AccessToken(verifying: text, keys: keys)
        switch (verified.user, user) {
        case (nil, let named?):
            return (named, AccessToken.serviceRole)
        case (nil, nil):
            throw CommandError(
                "usage",
                "the token is the project's service-role key, not a user's: a device signs in as its user; "
                    + "the project's own jobs add --service-role --user UUID")
        case (let subject?, nil):
            return (subject, "authenticated")
        case (let subject?, _?):
            throw CommandError(
                "token.wrong_role",
                "--service-role needs the project's service-role key; this token is user \(subject)'s")
        }
    }

    /// A small file's text, trimmed, or a located error.
    static func contents(of path: String, _ noun: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("file.unreadable", "cannot read \(noun) from \(path)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
