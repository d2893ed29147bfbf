import Logging
import PostgresNIO
import SchemaMigrations

/// Brings a PostgreSQL database's schema up to date, inside the caller's transaction.
///
/// Applied migrations are recorded by identifier in `traindb_migrations` (the same identifiers
/// as the files' names); a database that records a migration this list does not have was
/// migrated by a newer TrainDB and is refused. Concurrent callers are serialised by a
/// transaction-scoped advisory lock, so two publishes never migrate at once.
public struct PostgresMigrator: Sendable {
    public let migrations: [SchemaMigration]

    /// The table that records applied migrations.
    public static let historyTable = "traindb_migrations"

    public init(migrations: [SchemaMigration]) {
        self.migrations = migrations
    }

    /// The identifiers applied to the database, in order of application.
    public func applied(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        guard try await historyExists(connection, logger: logger) else { return [] }
        let rows = try await connection.query(
            "SELECT identifier FROM traindb_migrations ORDER BY identifier", logger: logger)
        var identifiers: [String] = []
        for try await identifier in rows.decode(String.self) { identifiers.append(identifier) }
        return identifiers
    }

    /// Applies every migration not yet applied, in order, and returns their identifiers. Must run
    /// inside a transaction: a migration that fails leaves the caller's transaction failed, to be
    /// rolled back whole.
    @discardableResult
    public func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await run("SELECT pg_advisory_xact_lock(\(Self.lockKey))", on: connection, logger: logger)
        if try await !historyExists(connection, logger: logger) {
            try await run(
                """
                CREATE TABLE traindb_migrations (
                    identifier text COLLATE "C" NOT NULL PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, on: connection, logger: logger)
        }
        let applied = Set(try await applied(on: connection, logger: logger))
        let known = Set(migrations.map(\.identifier))
        if let unknown = applied.subtracting(known).sorted().first {
            throw PostgresStoreError(
                .schemaVersion,
                "the database has migration \(unknown), which this traindb does not know: it was migrated "
                    + "by a newer traindb; a schema is never migrated backwards")
        }
        var newlyApplied: [String] = []
        for migration in migrations where !applied.contains(migration.identifier) {
            for statement in SQLScript(migration.sql).statements {
                do {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                } catch {
                    throw Self.explained(
                        PostgresStoreError.from(
                            error, doing: "migration \(migration.fileName) failed", kind: .migrationFailed))
                }
            }
            try await run(
                "INSERT INTO traindb_migrations (identifier) VALUES (\(migration.identifier))",
                on: connection, logger: logger)
            logger.debug("applied a migration", metadata: ["migration": "\(migration.identifier)"])
            newlyApplied.append(migration.identifier)
        }
        return newlyApplied
    }

    /// Migrations still to apply to the database (without applying them).
    public func pending(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        let applied = Set(try await applied(on: connection, logger: logger))
        return migrations.map(\.identifier).filter { !applied.contains($0) }
    }

    // MARK: - Internals

    /// The key of the advisory lock every TrainDB writer takes ("trai" in ASCII).
    static let lockKey = 0x7472_6169

    /// A missing role (42704) on plain PostgreSQL means the Supabase stand-in was never run.
    private static func explained(_ error: PostgresStoreError) -> PostgresStoreError {
        guard error.sqlState == "42704", error.message.contains("role") else { return error }
        return PostgresStoreError(
            error.kind,
            error.message + "; the migrations use Supabase's roles: on plain PostgreSQL run "
                + "schema/postgres/supabase-stand-in.sql first (scripts/pg-cluster does)",
            sqlState: error.sqlState)
    }

    private func historyExists(_ connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let rows = try await connection.query(
            "SELECT to_regclass('public.traindb_migrations') IS NOT NULL", logger: logger)
        for try await exists in rows.decode(Bool.self) { return exists }
        return false
    }

    private func run(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws {
        do {
            try await connection.query(query, logger: logger)
        } catch {
            throw PostgresStoreError.from(error, doing: "cannot migrate the database", kind: .migrationFailed)
        }
    }
}
