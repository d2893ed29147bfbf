import AppStoreSignedData
import AppStoreTestSupport
import Catalog
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PostgresNIO
import PostgresStore
import Subscription
import TestSupport
import Testing
import TrainDBService

/// A service as `traindb serve` runs it, on a new database of the test server
/// (`TRAINDB_POSTGRES_URL`, as PostgresStoreTests use it) with the committed catalogue
/// published, trusting a test App Store's root, with a clock the test moves.
final class ServiceFixture: Sendable {
    static let environment = ProcessInfo.processInfo.environment
    static let serverURL: String? = environment["TRAINDB_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    /// True when the suite runs: a server is named, or CI requires one.
    static let runs = serverURL != nil || environment["CI"] == "true"
    static let logger = Logger(label: "traindb.tests.serve", factory: { _ in SwiftLogNoOpLogHandler() })
    static let secret = Data("a test secret of at least thirty-two bytes, for HS256".utf8)
    static let bundleID = "app.train.ios"
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    let database: PostgresURL
    let store: TestAppStore
    let clock: TestClock

    private init(database: PostgresURL, store: TestAppStore, clock: TestClock) {
        self.database = database
        self.store = store
        self.clock = clock
    }

    /// Runs `body` with a fixture on a new database, dropped afterwards.
    static func with<Value>(_ body: (ServiceFixture) async throws -> Value) async throws -> Value {
        guard let serverURL else {
            throw FixtureError("CI=true requires a PostgreSQL server: set TRAINDB_POSTGRES_URL (scripts/pg-cluster)")
        }
        let admin = try PostgresURL(serverURL)
        let name = "traindb_serve_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin.run("CREATE DATABASE \(name)")
        var database = admin
        database.database = name
        do {
            try await StandIn.shared.apply(to: database)
            let catalogue = try CatalogDatabase(path: CommittedCatalogue.databasePath())
            _ = try await CataloguePublisher().publish(catalogue, to: database)
            let clock = TestClock(start)
            let fixture = ServiceFixture(
                database: database, store: try TestAppStore(bundleID: bundleID, now: start), clock: clock)
            let value = try await body(fixture)
            try await admin.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            return value
        } catch {
            try? await admin.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            throw error
        }
    }

    /// The configuration of an instance: a free port, the test store's root, the test clock.
    var configuration: ServiceConfiguration {
        let clock = self.clock
        return ServiceConfiguration(
            host: "127.0.0.1", port: 0, server: database, poolSize: 4, keys: AccessToken.Keys(secret: Self.secret),
            verifier: store.verifier(environments: [.production], now: { clock.now }), clock: { clock.now })
    }

    /// Runs `body` against one instance listening on a free port of 127.0.0.1, with `poolSize`
    /// connections, as `traindb serve` runs; stopped when `body` returns.
    func withService<Value: Sendable>(
        poolSize: Int = 4, _ body: @escaping @Sendable (ServiceClient) async throws -> Value
    ) async throws -> Value {
        var configuration = self.configuration
        configuration.poolSize = poolSize
        let (application, pool) = try await TrainDBServer.application(configuration, logger: Self.logger)
        do {
            let value = try await application.withClient(body)
            await pool.close()
            return value
        } catch {
            await pool.close()
            throw error
        }
    }

    /// A user's access token (HS256 under the test secret), valid for an hour from the clock.
    func token(_ user: String, expires: Date? = nil, secret: Data = ServiceFixture.secret) -> String {
        let exp = Int((expires ?? clock.now.addingTimeInterval(3_600)).timeIntervalSince1970)
        let header = TestAppStore.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let claims = TestAppStore.base64URL(
            Data(#"{"sub":"\#(user)","aud":"authenticated","role":"authenticated","exp":\#(exp)}"#.utf8))
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("\(header).\(claims)".utf8), using: SymmetricKey(data: secret))
        return "\(header).\(claims).\(TestAppStore.base64URL(Data(mac)))"
    }

    /// A trial purchase of `plan` by `user`, signed at `signed`.
    func purchase(
        user: String?, plan: SubscriptionPlan = .annual, original: String = "1000000000000001", signed: Date,
        expires: Date? = nil, trial: Bool = true, bundleID: String = ServiceFixture.bundleID, revoked: Date? = nil,
        transaction: String? = nil
    ) -> SignedTransaction {
        SignedTransaction(
            transactionID: transaction ?? original, originalTransactionID: original, bundleID: bundleID,
            productID: "\(ServiceFixture.bundleID).\(plan.rawValue)", environment: .production, purchaseDate: signed,
            expiresDate: expires ?? signed.addingTimeInterval(7 * 86_400), signedDate: signed,
            offerType: trial ? 1 : nil, offerDiscountType: trial ? "FREE_TRIAL" : nil, revocationDate: revoked,
            appAccountToken: user)
    }

    /// Rows of `query` on the database, as its owner (no row-level security).
    func count(_ query: String) async throws -> Int {
        var count = 0
        let connection = try await database.connect(applicationName: "traindb tests", logger: Self.logger)
        do {
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: query), logger: Self.logger)
                .decode(Int.self)
            {
                count = value
            }
            try? await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return count
    }

    /// The single text value `query` selects on the database, as its owner.
    func text(_ query: String) async throws -> String {
        var text = ""
        let connection = try await database.connect(applicationName: "traindb tests", logger: Self.logger)
        do {
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: query), logger: Self.logger)
                .decode(String.self)
            {
                text = value
            }
            try? await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return text
    }

    /// The stand-in, one database at a time (the roles it makes are the cluster's).
    private actor StandIn {
        static let shared = StandIn()
        private var last: Task<Void, any Error>?

        func apply(to database: PostgresURL) async throws {
            let previous = last
            let run = Task {
                _ = await previous?.result
                try await database.runScript(PostgresSchema.supabaseStandIn)
            }
            last = run
            try await run.value
        }
    }
}

/// A clock the tests move.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var moment: Date

    init(_ start: Date) { moment = start }

    var now: Date { lock.withLock { moment } }

    func advance(days: Double) {
        lock.withLock { moment = moment.addingTimeInterval(days * 86_400) }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension PostgresURL {
    /// Runs one statement as the URL's user.
    func run(_ sql: String) async throws {
        let connection = try await connect(applicationName: "traindb tests", logger: ServiceFixture.logger)
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: ServiceFixture.logger).collect()
            try? await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs each statement of a script as the URL's user.
    func runScript(_ script: String) async throws {
        let connection = try await connect(applicationName: "traindb tests", logger: ServiceFixture.logger)
        do {
            for statement in SQLScript(script).statements {
                _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: ServiceFixture.logger)
                    .collect()
            }
            try? await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

extension ServiceClient {
    /// A request with `token` as its bearer and `json` as its body; the status and the body's JSON.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, body: Data? = nil,
        contentType: String = "application/json"
    ) async throws -> (status: Int, json: [String: Any]) {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        var bytes: ByteBuffer?
        if let json {
            bytes = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        } else if let body {
            bytes = ByteBuffer(bytes: body)
        }
        if bytes != nil { headers[.contentType] = contentType }
        let response = try await executeRequest(uri: uri, method: method, headers: headers, body: bytes)
        let data = Data(response.body.readableBytesView)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (Int(response.status.code), object)
    }
}

extension ServiceClient {
    /// A request as `call` sends it; the status, the headers and the body's bytes as they came.
    func raw(
        _ method: HTTPRequest.Method, _ uri: String, token: String, json: Any
    ) async throws -> (status: Int, headers: HTTPFields, body: Data) {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        headers[.contentType] = "application/json"
        let bytes = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        let response = try await executeRequest(uri: uri, method: method, headers: headers, body: bytes)
        return (Int(response.status.code), response.headers, Data(response.body.readableBytesView))
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The error's code of an error body.
    var errorCode: String? { (self["error"] as? [String: Any])?["code"] as? String }
    /// The error's message of an error body.
    var errorMessage: String? { (self["error"] as? [String: Any])?["message"] as? String }
}
