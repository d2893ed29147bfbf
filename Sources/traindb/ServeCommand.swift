import AppStoreSignedData
import ArgumentParser
import Foundation
import Logging
import PostgresStore
import TrainDBService
import X509

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the backend API (openapi/openapi.yaml) over PostgreSQL until stopped.",
        discussion: """
            POST /api/programme/generate, GET /api/subscription/status, POST /api/subscription/subscribe, \
            POST /api/subscription/cancel, POST /api/appstore/notifications and GET /health. Each request \
            but the health check and the App Store's notifications carries the user's access token \
            (Authorization: Bearer …), verified as traindb sync verifies it, and is answered as that user \
            under row-level security. The App Store's signed data is verified up to Apple Root CA - G3 \
            for --bundle-id. Stateless: instances beside each other may share one database. Reads the \
            published catalogue once at start. Logs go to standard error. Exit status: 0 stopped by \
            SIGINT or SIGTERM, 2 could not start.
            """)

    @OptionGroup var server: PostgresOption

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("Database connections kept open (each request holds one).", valueName: "n"))
    var poolSize = 8

    @Option(
        help: ArgumentHelp(
            "A file holding the project's JWT secret, for HS256 tokens (or TRAINDB_JWT_SECRET).", valueName: "file"))
    var jwtSecretFile: String?

    @Option(help: ArgumentHelp("The project's JWKS (its public keys), for ES256 tokens.", valueName: "file"))
    var jwks: String?

    @Option(help: ArgumentHelp("The app's bundle id: App Store data for another app is refused.", valueName: "id"))
    var bundleID = "app.train.ios"

    @Option(
        name: .customLong("app-store-environment"),
        help: ArgumentHelp(
            "An App Store environment whose data is taken (Production, Sandbox); repeat for several.",
            valueName: "name"))
    var environments: [String] = ["Production"]

    @Option(
        name: .customLong("app-store-root"),
        help: ArgumentHelp(
            "A PEM root certificate to trust instead of Apple Root CA - G3 (for a test App Store only); repeatable.",
            valueName: "file"))
    var roots: [String] = []

    @Option(
        help: ArgumentHelp(
            "The App Store product id of the monthly plan (default: BUNDLE-ID.monthly).", valueName: "id"))
    var monthlyProduct: String?

    @Option(
        help: ArgumentHelp("The App Store product id of the annual plan (default: BUNDLE-ID.annual).", valueName: "id"))
    var annualProduct: String?

    @Option(help: ArgumentHelp("Log level: error, warning, info or debug.", valueName: "level"))
    var logLevel = "info"

    func run() async throws {
        guard (1...65_535).contains(port) else { throw CommandError("usage", "--port \(port) is not a port (1-65535)") }
        guard (1...200).contains(poolSize) else {
            throw CommandError("usage", "--pool-size \(poolSize) is not 1 to 200")
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw CommandError("usage", "--log-level \(logLevel) is not error, warning, info or debug")
        }
        var logger = Logger(label: "traindb.serve", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = level
        var environmentSet: Set<AppStoreEnvironment> = []
        for name in environments {
            guard let environment = AppStoreEnvironment(rawValue: name) else {
                throw CommandError(
                    "usage", "--app-store-environment \(name) is not Production, Sandbox, Xcode or LocalTesting")
            }
            environmentSet.insert(environment)
        }
        var rootCertificates = [SignedDataVerifier.appleRootCAG3]
        if !roots.isEmpty {
            rootCertificates = try roots.map { path in
                let text = try ServerIdentityOptions.contents(of: path, "the root certificate")
                guard let certificate = try? Certificate(pemEncoded: text) else {
                    throw CommandError("file.unreadable", "\(path) is not a PEM certificate")
                }
                return certificate
            }
            logger.warning("trusting the root certificates given instead of Apple Root CA - G3: for testing only")
        }
        let verifier = SignedDataVerifier(
            bundleID: bundleID, environments: environmentSet, rootCertificates: rootCertificates)
        var products = ServiceConfiguration.defaultProducts(bundleID: bundleID)
        if monthlyProduct != nil || annualProduct != nil {
            products = [
                monthlyProduct ?? "\(bundleID).monthly": .monthly, annualProduct ?? "\(bundleID).annual": .annual,
            ]
        }
        var configuration = ServiceConfiguration(
            host: host, port: port, server: try server.url(), poolSize: poolSize, keys: try keys(), verifier: verifier,
            products: products)
        // bench/serve's record of each request's time in the service (RequestTimings); no option,
        // since only a bench has a use for it.
        configuration.timingsFile = ProcessInfo.processInfo.environment["TRAINDB_SERVE_TIMINGS"]
        do {
            try await TrainDBServer.run(configuration, logger: logger)
        } catch let error as ServiceStartError {
            throw CommandError(error.code, error.message)
        }
    }

    /// The keys tokens are checked against: the secret (at least 32 bytes), the JWKS, or both.
    func keys() throws -> AccessToken.Keys {
        var keys = AccessToken.Keys()
        let environment = ProcessInfo.processInfo.environment
        var secret: (text: String, source: String)?
        if let jwtSecretFile {
            secret = (try ServerIdentityOptions.contents(of: jwtSecretFile, "the JWT secret"), "in \(jwtSecretFile)")
        } else if let text = environment["TRAINDB_JWT_SECRET"] {
            secret = (text, "in TRAINDB_JWT_SECRET")
        }
        if let secret {
            guard secret.text.utf8.count >= 32 else {
                throw CommandError(
                    "token.weak_secret",
                    "the JWT secret \(secret.source) is \(secret.text.utf8.count) bytes; at least 32 are needed")
            }
            keys.secret = Data(secret.text.utf8)
        }
        if let jwks {
            keys.publicKeys = try AccessToken.Keys.jwks(
                Data(try ServerIdentityOptions.contents(of: jwks, "the JWKS").utf8))
        }
        guard keys.secret != nil || !keys.publicKeys.isEmpty else {
            throw CommandError(
                "usage", "no key to check access tokens with: give --jwt-secret-file, TRAINDB_JWT_SECRET or --jwks")
        }
        return keys
    }
}
