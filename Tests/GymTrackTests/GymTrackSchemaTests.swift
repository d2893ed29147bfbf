import Foundation
import GRDB
import GymTrack
import SchemaMigrations
import TestSupport
import Testing
import TrainingCalendar

@Suite("GymTrack schema")
struct GymTrackSchemaTests {
    /// FNV-1a (64-bit) of each shipped file's text. A shipped migration is never edited: when
    /// this test fails, revert the edit and add a new migration instead.
    static let pinnedChecksums: [String: String] = [
        "0001_sessions_and_challenge": "4baf8358abe19e40",
        "0002_session_in_progress": "077d3941888b8f5a",
        "0003_moments": "fe7552cbbc4e7514",
        "0004_row_ids": "b4455875630a814e",
    ]

    static let schemaDirectory = PackageRoot.url("schema/gymtrack")

    @Test("a shipped migration's text never changes", arguments: GymTrackSchema.migrations.map(\.identifier))
    func checksumIsPinned(identifier: String) throws {
        let migration = try #require(GymTrackSchema.migrations.first { $0.identifier == identifier })
        #expect(Self.pinnedChecksums[identifier] == Checksum.fnv1a(migration.sql))
    }

    @Test("every pinned migration is still shipped, numbered 1, 2, 3 …")
    func pinnedMigrationsAreShipped() {
        #expect(Set(Self.pinnedChecksums.keys) == Set(GymTrackSchema.migrations.map(\.identifier)))
        #expect(GymTrackSchema.migrations.map(\.number) == Array(1...GymTrackSchema.migrations.count))
    }

    @Test("every schema/gymtrack/*.sql file is registered, with the text on disk")
    func everyFileIsRegistered() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(onDisk == GymTrackSchema.migrations.map(\.fileName))
        for migration in GymTrackSchema.migrations {
            let text = try String(
                contentsOf: Self.schemaDirectory.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(text == migration.sql, "\(migration.fileName) differs from its embedded copy")
        }
    }

    /// Rows the store must refuse even when written around the library.
    @Test(
        "CHECK constraints and unique keys refuse what the rules refuse",
        arguments: [
            "UPDATE daily_challenge SET sets_completed = 4", "UPDATE daily_challenge SET sets_completed = -1",
            "INSERT INTO daily_challenge (date, sets_completed) SELECT date, 1 FROM daily_challenge",
            "UPDATE daily_challenge SET date = '5 Jan 2026'", "UPDATE sessions SET session_type = 'D'",
            "UPDATE sessions SET is_partial = 2", "UPDATE sessions SET duration_seconds = -1",
            "UPDATE sessions SET started_at = 'yesterday'",
            "INSERT INTO open_session (id, session_type, date, started_at) VALUES (2, 'A', '2026-01-05', "
                + "'2026-01-05T07:00:00Z')",
        ])
    func constraintsRefuse(statement: String) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(GymFixture.moment("2026-01-05T07:00:00Z"))
            let gym = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            try gym.tapChallenge()
            try gym.start(.a)
            try gym.finish(confirmingPartial: true)
            let queue = try DatabaseQueue(path: path)
            #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: statement) } }
        }
    }

    @Test("a new store is at the latest version, in WAL mode, with the seed's tables")
    func freshStore() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("gymtrack.sqlite")
            _ = try GymTrack(path: path, clock: ManualClock(Date()), timeZone: GymFixture.london)
            let queue = try DatabaseQueue(path: path)
            try queue.read { db throws in
                #expect(try SchemaMigrator.currentVersion(db) == GymTrackSchema.latestVersion)
                #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
                #expect(
                    try db.columns(in: "sessions").map(\.name)
                        == ["id", "session_type", "date", "started_at", "duration_seconds", "is_partial"])
                #expect(try db.columns(in: "daily_challenge").map(\.name) == ["id", "date", "sets_completed"])
            }
        }
    }

    @Test("a store reopened keeps its rows")
    func reopened() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(GymFixture.moment("2026-01-05T07:00:00Z"))
            try GymTrack(path: path, clock: clock, timeZone: GymFixture.london).setChallenge(2)
            let card = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london).challengeCard()
            #expect(card.sets == 2)
        }
    }
}
