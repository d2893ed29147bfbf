import AppStoreSignedData
import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import PostgresStore
import ProgrammeGenerator
import Subscription

/// How `traindb serve` runs: where it listens, its database, how it checks tokens and App Store
/// data, and which products are which plan.
public struct ServiceConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var server: PostgresURL
    /// Connections kept open to the database (each request holds one for its transaction).
    public var poolSize: Int
    public var keys: AccessToken.Keys
    public var verifier: SignedDataVerifier
    /// The App Store product ids this app sells, and their plans.
    public var products: [String: SubscriptionPlan]
    public var clock: @Sendable () -> Date
    /// Where a bench wants each request's time in the service (`RequestTimings`); nil: nowhere.
    public var timingsFile: String?

    /// The most bytes a request body may have.
    public static let bodyLimit = 64 * 1024

    public init(
        host: String = "127.0.0.1", port: Int = 8080, server: PostgresURL, poolSize: Int = 8, keys: AccessToken.Keys,
        verifier: SignedDataVerifier, products: [String: SubscriptionPlan]? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.server = server
        self.poolSize = poolSize
        self.keys = keys
        self.verifier = verifier
        self.products = products ?? Self.defaultProducts(bundleID: verifier.bundleID)
        self.clock = clock
    }

    /// `<bundle id>.monthly` and `<bundle id>.annual`.
    public static func defaultProducts(bundleID: String) -> [String: SubscriptionPlan] {
        ["\(bundleID).monthly": .monthly, "\(bundleID).annual": .annual]
    }
}

/// Why the service could not start.
public struct ServiceStartError: Error, CustomStringConvertible, Sendable {
    public let code: String
    public let message: String
    public var description: String { message }
}

/// `traindb serve`: the routes generated from `openapi/openapi.yaml` on Hummingbird, over a pool
/// of PostgreSQL connections. Holds nothing between requests but the catalogue (public data,
/// read once at start), so instances beside each other share one database.
public enum TrainDBServer {
    /// The application, ready to run, and the pool it closes when done. Reads the published
    /// catalogue first: a server without one cannot generate programmes, and says so.
    public static func application(
        _ configuration: ServiceConfiguration, logger: Logger
    ) async throws -> (application: some ApplicationProtocol, pool: PostgresPool) {
        let timings = try configuration.timingsFile.map(RequestTimings.init(path:))
        let pool = PostgresPool(
            server: configuration.server, size: configuration.poolSize, applicationName: "traindb serve", logger: logger
        )
        let store = ServiceStore(pool: pool, logger: logger)
        let catalog: GeneratorCatalog
        do {
            catalog = try await store.generatorCatalog()
        } catch {
            await pool.close()
            throw ServiceStartError(
                code: "serve.no_catalogue",
                message: "cannot read the catalogue from \(configuration.server): \(error); "
                    + "run traindb publish --postgres URL first")
        }
        guard !catalog.exercises.isEmpty else {
            await pool.close()
            throw ServiceStartError(
                code: "serve.no_catalogue",
                message: "\(configuration.server) holds no catalogue: run traindb publish --postgres URL first")
        }
        let handler = ServiceHandler(
            store: store, generator: ProgrammeGenerator(catalog: catalog), verifier: configuration.verifier,
            products: configuration.products, clock: configuration.clock, logger: logger)
        let router = Router()
        if let timings {
            router.add(middleware: RequestTimingMiddleware(timings: timings))
        }
        let methods = try OperationMethods.of { try handler.registerHandlers(on: $0) }
        router.add(middleware: BodyLimitMiddleware(limit: ServiceConfiguration.bodyLimit, methods: methods))
        try handler.registerHandlers(
            on: router,
            // Answers in one line: the generated code's default pretty-prints every answer.
            configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
            middlewares: [
                ServiceMiddleware(
                    authentication: ServiceAuthentication(keys: configuration.keys, clock: configuration.clock),
                    logger: logger)
            ])
        let application = Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "traindb"),
            logger: logger)
        return (application, pool)
    }

    /// Runs until SIGINT or SIGTERM, then closes the database connections.
    public static func run(_ configuration: ServiceConfiguration, logger: Logger) async throws {
        let (application, pool) = try await application(configuration, logger: logger)
        do {
            try await application.runService()
        } catch {
            await pool.close()
            throw error
        }
        await pool.close()
    }
}
