import FitnessJournal
import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar

@Suite("fitness journal schema")
struct FitnessJournalSchemaTests {
    /// FNV-1a (64-bit) of each shipped file's text. A shipped migration is never edited: when
    /// this test fails, revert the edit and add a new migration instead.
    static let pinnedChecksums: [String: String] = [
        "0001_fitness_journal": "688dfaa7368d30df",
        "0002_moments": "f7ac5193c2c5baec",
        "0003_row_ids": "5415e62f526a98ff",
        "0004_lists_in_saved_order": "3f7000dcf461873e",
        "0005_day_summaries": "c4dab27429ecb14f",
    ]

    static let schemaDirectory = PackageRoot.url("schema/fitness-journal")

    @Test("a shipped migration's text never changes", arguments: FitnessJournalSchema.migrations.map(\.identifier))
    func checksumIsPinned(identifier: String) throws {
        let migration = try #require(FitnessJournalSchema.migrations.first { $0.identifier == identifier })
        #expect(Self.pinnedChecksums[identifier] == Checksum.fnv1a(migration.sql))
    }

    @Test("every pinned migration is still shipped, numbered 1, 2, 3 …")
    func pinnedMigrationsAreShipped() {
        #expect(Set(Self.pinnedChecksums.keys) == Set(FitnessJournalSchema.migrations.map(\.identifier)))
        #expect(FitnessJournalSchema.migrations.map(\.number) == Array(1...FitnessJournalSchema.migrations.count))
    }

    @Test("every schema/fitness-journal/*.sql file is registered, with the text on disk")
    func everyFileIsRegistered() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(onDisk == FitnessJournalSchema.migrations.map(\.fileName))
        for migration in FitnessJournalSchema.migrations {
            let text = try String(
                contentsOf: Self.schemaDirectory.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(text == migration.sql, "\(migration.fileName) differs from its embedded copy")
        }
    }

    /// Rows the store must refuse even when written around the library.
    @Test(
        "CHECK constraints refuse what the rules refuse",
        arguments: [
            "UPDATE workouts SET duration_minutes = 0", "UPDATE workouts SET exercise_type = 'swimming'",
            "UPDATE workouts SET intensity = 'extreme'", "UPDATE check_ins SET energy_level = 11",
            "UPDATE check_ins SET mood = 'meh'", "UPDATE check_ins SET sleep_quality = 'none'",
            "UPDATE settings SET reminder_time = '25:61'", "UPDATE settings SET reminder_time = '24:00'",
            "UPDATE settings SET reminder_time = '7:30'", "UPDATE settings SET weekly_goal = 0",
            "INSERT INTO settings SELECT 2, display_name, weekly_goal, reminder_enabled, reminder_time, "
                + "notifications_enabled, time_zone, updated_at FROM settings",
        ])
    func constraintsRefuse(statement: String) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            let clock = ManualClock(try JournalFixture.moment("2026-11-23T08:00:00Z"))
            let journal = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(timeZone: JournalFixture.london))
            try journal.logWorkout(NewWorkout(type: .running, durationMinutes: 30, intensity: .easy))
            try journal.checkIn(NewCheckIn(mood: .good, energyLevel: 5, sleepQuality: .fair))
            let queue = try DatabaseQueue(path: path)
            #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: statement) } }
        }
    }

    @Test("a journal file reopens with its rows and settings, at the latest schema version")
    func reopens() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            let clock = ManualClock(try JournalFixture.moment("2026-11-23T08:00:00Z"))
            let first = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(displayName: "Ana", timeZone: JournalFixture.london))
            let entry = try first.logWorkout(NewWorkout(type: .yoga, durationMinutes: 20, intensity: .easy))
            let second = try FitnessJournal(path: path, clock: clock, newUser: JournalSettings(timeZone: .gmt))
            #expect(try second.allWorkouts() == [entry])
            #expect(try second.settings().displayName == "Ana")
            #expect(try second.settings().timeZone == JournalFixture.london)
            let version = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
            #expect(version == FitnessJournalSchema.latestVersion)
        }
    }

    @Test("a file that is not a journal is refused with a located error")
    func notADatabase() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("notes.sqlite")
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
            let clock = ManualClock(try JournalFixture.moment("2026-11-23T08:00:00Z"))
            let error = try #require(throws: JournalError.self) {
                try FitnessJournal(path: path, clock: clock, newUser: JournalSettings(timeZone: .gmt))
            }
            #expect(error.code == "journal.unreadable")
            #expect(error.message.contains(path))
        }
    }

    @Test("a stored date that is not a date is an error of the progress, never today in its place")
    func unreadableFirstDay() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            let clock = ManualClock(try JournalFixture.moment("2026-11-23T08:00:00Z"))
            let journal = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(displayName: "Ana", timeZone: JournalFixture.london))
            try journal.logWorkout(NewWorkout(type: .yoga, durationMinutes: 20, intensity: .easy))
            // Ten characters, as the table's CHECK asks, but no day: month 13.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE workouts SET date = '2026-13-45'") }
            try queue.close()
            let error = try #require(throws: JournalError.self) { try journal.progress(.all) }
            #expect(error.code == "journal.unreadable")
            #expect(error.message.contains("2026-13-45"))
        }
    }
}
