import ArgumentParser
import Foundation
import PostgresStore

/// `traindb token`: signs a development access token with the project's JWT secret, so that
/// `traindb sync` and `traindb account … --postgres` can be tried against a local cluster
/// without the project's sign-in.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Sign a development access token with the project's JWT secret (HS256).",
        discussion: """
            Prints the token on standard output. With --user, a signed-in user's token (role and \
            audience authenticated); with --service-role, the project's service-role key. Only whoever \
            holds the secret can sign one: a device gets its token from signing in.
            """)

    @Option(help: ArgumentHelp("The user the token proves (a UUID).", valueName: "uuid"))
    var user: String?

    @Flag(help: "Sign the project's service-role key instead of a user's token.")
    var serviceRole = false

    @Option(help: ArgumentHelp("A file holding the project's JWT secret, 32 bytes or more.", valueName: "file"))
    var jwtSecretFile: String

    @Option(help: ArgumentHelp("How long the token is valid, in seconds.", valueName: "seconds"))
    var expiresIn = 3600

    func validate() throws {
        switch (user, serviceRole) {
        case (nil, false): throw ValidationError("give the user the token proves with --user UUID, or --service-role")
        case (_?, true): throw ValidationError("--user and --service-role exclude each other")
        case (let user?, false) where UUID(uuidString: user) == nil:
            throw ValidationError("--user must be a UUID, not \(user)")
        default: break
        }
        guard (1...31_536_000).contains(expiresIn) else {
            throw ValidationError("--expires-in must be 1 to 31,536,000 seconds (a year), not \(expiresIn)")
        }
    }

    func run() throws {
        let secret = try ServerIdentityOptions.contents(of: jwtSecretFile, "the JWT secret")
        let token = try AccessToken.signed(
            user: user.flatMap(UUID.init(uuidString:)), secret: Data(secret.utf8), lifetime: TimeInterval(expiresIn))
        try Terminal.write(token + "\n")
    }
}
