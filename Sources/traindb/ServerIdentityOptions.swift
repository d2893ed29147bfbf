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

    @Option(help: ArgumentHelp("The project's JWKS (its public keys), for ES256 tokens.", valueName: "file"))
    var jwks: String?

    @Flag(
        help: "Act as the service role (no token): for the project's own jobs only, never a device. Needs --user.")
    var serviceRole = false

    @Option(help: ArgumentHelp("With --service-role only: the user whose log this is (a UUID).", valueName: "uuid"))
    var user: String?

    /// Who the command acts as: the verified token's subject as `authenticated`, or the named
    /// user as `service_role`. Decided before the server is touched.
    func verified() throws -> (user: String, role: String) {
        let environment = ProcessInfo.processInfo.environment
        if serviceRole {
            guard let user else { throw CommandError("usage", "--service-role needs --user UUID") }
            guard token == nil, tokenFile == nil else {
                throw CommandError("usage", "give either a token or --service-role, not both")
            }
            return (user, "service_role")
        }
        guard user == nil else {
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
            keys.secret = Data(try Self.contents(of: jwtSecretFile, "the JWT secret").utf8)
        } else if let secret = environment["TRAINDB_JWT_SECRET"], !secret.isEmpty {
            keys.secret = Data(secret.utf8)
        }
        if let jwks {
            keys.publicKeys = try AccessToken.Keys.jwks(Data(try Self.contents(of: jwks, "the JWKS").utf8))
        }
        let verified = try AccessToken(verifying: text, keys: keys)
        return (verified.user, "authenticated")
    }

    /// A small file's text, trimmed, or a located error.
    static func contents(of path: String, _ noun: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("file.unreadable", "cannot read \(noun) from \(path)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
