import Catalog
import CatalogBuild
import Foundation
import Logging
import PostgresNIO

/// Publishes a built catalogue database to a PostgreSQL server, in one transaction: the pending
/// migrations, then every catalogue table merged (exercises upserted by id, contraindications and
/// the other tables made equal to the catalogue's), then the provenance. An exercise id that the
/// server has and the catalogue lacks is refused, exactly as `traindb diff` refuses it, and
/// nothing is written. A failure, or a publisher killed half-way, leaves the server's previous
/// catalogue as it was: the transaction never commits.
public struct CataloguePublisher: Sendable {
    /// What the server's `pg_stat_activity` calls the publisher's connection.
    public static let applicationName = "traindb publish"

    private let logger: Logger

    public init(logger: Logger = .silent) {
        self.logger = logger
    }

    /// Publishes `catalogue` to `server`. With `role`, the whole publish runs as that role
    /// (`SET LOCAL ROLE`, as Supabase's API switches to `service_role`); with `dryRun`, everything
    /// is done and then rolled back, so the report says what a publish would change.
    public func publish(
        _ catalogue: CatalogDatabase, to server: PostgresURL, role: String? = nil, dryRun: Bool = false
    ) async throws -> PublishReport {
        let exercises = try catalogue.exercises()
        let contraindications = try catalogue.contraindications()
        let exceptions = try catalogue.exerciseExceptions()
        let tables = try CatalogSchema.recordTypes.map { try Self.rows(of: $0, in: catalogue) }
        return try await server.withConnection(applicationName: Self.applicationName, logger: logger) { connection in
            try await transaction(on: connection, commitIf: { !dryRun && $0.outcome == .published }) {
                if let role {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "SET LOCAL ROLE \(ServerTable.quoted(role))"), logger: logger)
                }
                let migrations = try await PostgresSchema.migrator.migrate(connection, logger: logger)
                try await connection.query("SET CONSTRAINTS ALL DEFERRED", logger: logger)
                let diff = CatalogDiff(
                    old: try await ServerCatalogue.exercises(on: connection, logger: logger), new: exercises,
                    oldContraindications: try await ServerCatalogue.contraindications(on: connection, logger: logger),
                    newContraindications: contraindications,
                    oldExceptions: try await ServerCatalogue.exceptions(on: connection, logger: logger),
                    newExceptions: exceptions)
                var report = PublishReport(
                    server: server.description, outcome: .refused, migrationsApplied: migrations, diff: diff,
                    tables: [])
                guard diff.removed.isEmpty else { return report }
                for (table, json) in tables {
                    let merge = try await ServerTable.load(table, connection, logger: logger)
                        .merge(json: json, connection, logger: logger)
                    report.tables.append(
                        PublishReport.TableChange(
                            table: table, inserted: merge.inserted, updated: merge.updated, deleted: merge.deleted))
                }
                let changed = report.rowsChanged > 0 || !migrations.isEmpty
                report.outcome = dryRun ? .dryRun : (changed ? .published : .unchanged)
                return report
            }
        }
    }

    /// Runs `body` in a transaction and commits when `commitIf` approves of its result, else
    /// rolls back; an error rolls back and is reported as the server worded it.
    private func transaction(
        on connection: PostgresConnection, commitIf shouldCommit: (PublishReport) -> Bool,
        _ body: () async throws -> PublishReport
    ) async throws -> PublishReport {
        do {
            try await connection.query("BEGIN", logger: logger)
            let report = try await body()
            try await connection.query(shouldCommit(report) ? "COMMIT" : "ROLLBACK", logger: logger)
            logger.info(
                "publish finished",
                metadata: ["outcome": "\(report.outcome.rawValue)", "rows": "\(report.rowsChanged)"])
            return report
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw PostgresStoreError.from(error, doing: "nothing published")
        }
    }

    /// One table's rows as the JSON array the server's merge reads: keys are column names.
    private static func rows<Record: CatalogRecord>(
        of type: Record.Type, in catalogue: CatalogDatabase
    ) throws -> (table: String, json: String) {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(try catalogue.records(type))
        return (Record.databaseTableName, String(decoding: data, as: UTF8.self))
    }
}
