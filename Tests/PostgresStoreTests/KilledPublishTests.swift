import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    @Suite("a killed publish")
    struct KilledPublishTests {
        static let logger = PostgresTestServer.logger

        /// The publisher is held on the last table (another session holds its rows), after it has
        /// written the exercises; `kill -9` then ends it half-way, as a lost laptop or a CI timeout
        /// would. The server must keep the previous catalogue, and the next publish must go through.
        @Test("kill -9 half-way leaves the previous catalogue intact; the next publish succeeds")
        func killHalfWay() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    let committed = try CatalogDatabase(path: try CatalogueFiles.committed())
                    let next = try CatalogueFiles.changed(
                        CatalogueFiles.nextRelease, in: directory, name: "next.sqlite")
                    _ = try await CataloguePublisher().publish(committed, to: server)

                    let blocker = try await server.connect(applicationName: "traindb tests", logger: Self.logger)
                    try await blocker.query("BEGIN", logger: Self.logger)
                    try await blocker.query("SELECT * FROM catalogue_sources FOR UPDATE", logger: Self.logger)

                    let publish = Process()
                    publish.executableURL = TraindbProcess.executable
                    publish.arguments = ["publish", "--db", next, "--postgres", server.description]
                    publish.standardOutput = FileHandle.nullDevice
                    publish.standardError = FileHandle.nullDevice
                    try publish.run()

                    // pg_stat_activity is read outside the blocker's transaction, which would
                    // keep showing the first snapshot it took.
                    let watcher = try await server.connect(applicationName: "traindb tests", logger: Self.logger)
                    let waiting = try await Self.poll(watcher) {
                        """
                        SELECT count(*) FROM pg_stat_activity AS a JOIN pg_locks AS l ON l.pid = a.pid
                        WHERE a.application_name = 'traindb publish' AND a.wait_event_type = 'Lock'
                          AND l.relation = 'exercises'::regclass AND l.mode = 'RowExclusiveLock'
                        """
                    }
                    #expect(waiting, "the publish never reached the last table having written the exercises")
                    kill(publish.processIdentifier, SIGKILL)
                    publish.waitUntilExit()
                    #expect(publish.terminationReason == .uncaughtSignal)

                    try await blocker.query("ROLLBACK", logger: Self.logger)
                    let gone = try await Self.poll(watcher) {
                        "SELECT (count(*) = 0)::int FROM pg_stat_activity WHERE application_name = 'traindb publish'"
                    }
                    #expect(gone, "the killed publisher's session outlived it")
                    try await blocker.close()
                    try await watcher.close()
                    try await ServerRows.expectEqual(committed, server)

                    let retry = try await CataloguePublisher().publish(try CatalogDatabase(path: next), to: server)
                    #expect(retry.outcome == .published)
                    try await ServerRows.expectEqual(try CatalogDatabase(path: next), server)
                }
            }
        }

        /// Runs `sql` (a count) every 50 ms for up to 30 s; true as soon as it is positive.
        static func poll(_ connection: PostgresConnection, _ sql: () -> String) async throws -> Bool {
            for _ in 0..<600 {
                for try await count in try await connection.query(PostgresQuery(unsafeSQL: sql()), logger: logger)
                    .decode(Int.self) where count > 0
                {
                    return true
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
    }
}
