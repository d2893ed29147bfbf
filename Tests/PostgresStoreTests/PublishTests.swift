import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    @Suite("traindb publish")
    struct PublishTests {
        let publisher = CataloguePublisher()

        @Test("a first publish migrates the server and makes every table equal to SQLite's, row for row")
        func firstPublish() async throws {
            try await PostgresTestServer.withDatabase { server in
                let catalogue = try CatalogDatabase(path: try CatalogueFiles.committed())
                let report = try await publisher.publish(catalogue, to: server)
                #expect(report.outcome == .published)
                #expect(report.migrationsApplied == PostgresSchema.migrations.map(\.identifier))
                #expect(report.diff.added.count == 323)
                #expect(report.diff.contraindications.added.count == 198)
                #expect(report.tables.first { $0.table == "exercises" }?.inserted == 323)
                #expect(report.tables.first { $0.table == "contraindications" }?.inserted == 198)
                try await ServerRows.expectEqual(catalogue, server)
            }
        }

        @Test("publishing the same catalogue twice changes no row and says so")
        func secondPublishChangesNothing() async throws {
            try await PostgresTestServer.withDatabase { server in
                let catalogue = try CatalogDatabase(path: try CatalogueFiles.committed())
                _ = try await publisher.publish(catalogue, to: server)
                let before = try await ServerRows.versions(server)
                let again = try await publisher.publish(catalogue, to: server)
                #expect(again.outcome == .unchanged)
                #expect(again.rowsChanged == 0)
                #expect(again.migrationsApplied.isEmpty)
                #expect(again.diff.isEmpty)
                #expect(again.text().hasSuffix("already holds this catalogue: no row changed\n"))
                #expect(try await ServerRows.versions(server) == before, "a row was rewritten")
            }
        }

        @Test("a release that adds, renames, swaps names, renumbers keys and drops a row publishes in one go")
        func nextRelease() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    let committed = try CatalogDatabase(path: try CatalogueFiles.committed())
                    _ = try await publisher.publish(committed, to: server)
                    let next = try CatalogDatabase(
                        path: try CatalogueFiles.changed(CatalogueFiles.nextRelease, in: directory, name: "n.sqlite"))
                    let report = try await publisher.publish(next, to: server)
                    #expect(report.outcome == .published)
                    #expect(report.diff.added.map(\.id) == ["dumbbell_floor_press_paused"])
                    #expect(report.diff.removed.isEmpty)
                    #expect(Set(report.diff.renamed.map(\.id)) == ["barbell_bench_press", "knee_push_up", "push_up"])
                    #expect(report.diff.changed.isEmpty, "renumbered keys must not show as changed exercises")
                    #expect(report.diff.contraindications.removed.count == 1, "the dropped one is a warning")
                    let byTable = Dictionary(uniqueKeysWithValues: report.tables.map { ($0.table, $0) })
                    #expect(byTable["muscles"]?.updated == 2)
                    #expect(byTable["contraindications"]?.deleted == 1)
                    #expect(byTable["exercise_instructions"]?.inserted == 3)
                    #expect(byTable["catalogue_sources"]?.updated == 2)
                    try await ServerRows.expectEqual(next, server)
                }
            }
        }

        @Test("an exercise id the server has and the catalogue lacks is refused; nothing is written")
        func removedIDRefused() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    let committed = try CatalogDatabase(path: try CatalogueFiles.committed())
                    _ = try await publisher.publish(committed, to: server)
                    let before = try await ServerRows.versions(server)
                    let removed = try CatalogDatabase(
                        path: try CatalogueFiles.changed(CatalogueFiles.pushUpRemoved, in: directory, name: "r.sqlite"))
                    let report = try await publisher.publish(removed, to: server)
                    #expect(report.outcome == .refused)
                    #expect(report.diff.removed.map(\.id) == ["push_up"])
                    #expect(report.diff.errorCount == 1)
                    #expect(report.tables.isEmpty)
                    #expect(try await ServerRows.versions(server) == before)
                    try await ServerRows.expectEqual(committed, server)
                }
            }
        }

        @Test("a dry run reports what would change and changes nothing, migrations included")
        func dryRun() async throws {
            try await PostgresTestServer.withDatabase { server in
                let catalogue = try CatalogDatabase(path: try CatalogueFiles.committed())
                let report = try await publisher.publish(catalogue, to: server, dryRun: true)
                #expect(report.outcome == .dryRun)
                #expect(report.rowsChanged > 1000)
                #expect(report.text().contains("would change; nothing written"))
                let pending = try await server.withConnection(
                    applicationName: "traindb tests", logger: PostgresTestServer.logger
                ) { connection in
                    try await PostgresSchema.migrator.pending(on: connection, logger: PostgresTestServer.logger)
                }
                #expect(pending == PostgresSchema.migrations.map(\.identifier))
            }
        }

        @Test("a server migrated by a newer traindb is refused, not migrated backwards")
        func newerServerRefused() async throws {
            try await PostgresTestServer.withDatabase { server in
                let catalogue = try CatalogDatabase(path: try CatalogueFiles.committed())
                _ = try await publisher.publish(catalogue, to: server)
                try await PostgresTestServer.run(
                    script: "INSERT INTO traindb_migrations (identifier) VALUES ('9999_from_the_future')", on: server)
                let error = await #expect(throws: PostgresStoreError.self) {
                    try await publisher.publish(catalogue, to: server)
                }
                #expect(error?.code == "postgres.schema_version")
                #expect(error?.message.contains("9999_from_the_future") == true)
            }
        }
    }
}
