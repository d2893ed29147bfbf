import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// The server, database and user a `postgres://` URL names, as libpq reads one:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require|verify-full]`.
/// The user defaults to `postgres`, the port to 5432, the database to the user's name;
/// `sslmode` defaults to `disable` on a loopback host and to `require` elsewhere (Supabase
/// accepts encrypted connections only). Percent-escapes are decoded.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, Hashable {
        /// Plain TCP.
        case disable
        /// Encrypted, the server's certificate not checked (libpq's `require`).
        case require
        /// Encrypted, the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// How long a connection's commands may go without the server's answer before the
    /// connection is closed and the command fails: `PostgresURL.timeout` unless set.
    public var answerTimeout: TimeInterval = PostgresURL.timeout

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme.lowercased())
        else {
            throw PostgresStoreError(
                .invalidURL,
                "\"\(Self.redacting(text))\" is not a postgres:// URL "
                    + "(postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresStoreError(.invalidURL, "\(Self.redacting(text)) names no host")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user?.removingPercentEncoding ?? "postgres"
        password = components.password?.removingPercentEncoding
        let path = String(components.path.drop { $0 == "/" })
        database = path.isEmpty ? user : (path.removingPercentEncoding ?? path)
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value
        switch mode {
        case nil: tls = Self.isLoopback(host) ? .disable : .require
        case "disable", "allow": tls = .disable
        case "prefer", "require", "verify-ca": tls = .require
        case "verify-full": tls = .verifyFull
        case let other?:
            throw PostgresStoreError(
                .invalidURL, "sslmode \"\(other)\" is not one of disable, require, verify-full")
        }
    }

    /// Which server a device's sync cursor belongs to: host, port and database.
    var cursorKey: String {
        "\(host):\(port)/\(database)"
    }

    /// The URL without its password: what messages and logs show.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// How long a connection may take to open (at most 10 s), and how long a command may wait
    /// for the server's answers before it gives up (a stopped server must not hang a sync for
    /// minutes): 60 s, or `TRAINDB_POSTGRES_TIMEOUT` seconds.
    public static var timeout: TimeInterval {
        ProcessInfo.processInfo.environment["TRAINDB_POSTGRES_TIMEOUT"].flatMap(TimeInterval.init) ?? 60
    }

    /// Opens a connection, runs `body` with it and closes it. `applicationName` is what the
    /// server's `pg_stat_activity` shows for it.
    @discardableResult
    public func withConnection<Result: Sendable>(
        applicationName: String, logger: Logger, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await connect(applicationName: applicationName, logger: logger)
        do {
            let result = try await answering(on: connection, body)
            try? await connection.close()
            return result
        } catch {
            // After a failure the connection may be one the server already ended.
            await waitAtMost(2) { try? await connection.close() }
            throw error
        }
    }

    /// `body`'s value on `connection`. A server that ends a session mid-command (a restart) can
    /// leave a command's answer waiting for ever: after `answerTimeout` without one, the command
    /// fails, whether or not the driver notices, and the caller closes the connection.
    func answering<Result: Sendable>(
        on connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let outcome = await firstOf(
            seconds: answerTimeout,
            { () -> Swift.Result<Result, any Error> in
                do { return .success(try await body(connection)) } catch { return .failure(error) }
            })
        switch outcome {
        case .some(.success(let result)): return result
        case .some(.failure(let error)): throw error
        case .none:
            throw PostgresStoreError(
                .unreachable,
                "\(self) did not answer within \(Int(answerTimeout)) s, so the connection was closed; "
                    + "run the command again"
            )
        }
    }

    /// A new connection; closing it is the caller's job.
    public func connect(applicationName: String, logger: Logger) async throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database,
            tls: try tlsConfiguration())
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        configuration.options.connectTimeout = .seconds(Int64(min(Self.timeout, 10).rounded(.up)))
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresStoreError.from(error, doing: "cannot connect to \(self)", kind: .unreachable)
        }
    }

    private func tlsConfiguration() throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable: return .disable
        case .require: configuration.certificateVerification = .none
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        do {
            return .require(try NIOSSLContext(configuration: configuration))
        } catch {
            throw PostgresStoreError(.unreachable, "cannot set up TLS for \(self): \(error)")
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// `text` with any password replaced by `***`.
    static func redacting(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
