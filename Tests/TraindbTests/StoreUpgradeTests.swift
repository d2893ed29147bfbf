import Foundation
import GRDB
import TestSupport
import Testing

/// Stores made by the release before (Tests/Fixtures/stores-c7526db, made by make-stores.sh
/// there) open with today's traindb: read as they are, they show what they showed; the first
/// write stamps their kind and rewrites their moments in the one encoding every store uses.
@Suite("stores from the release before upgrade in place")
struct StoreUpgradeTests {
    static let fixtures = PackageRoot.url("Tests/Fixtures/stores-c7526db")

    /// A copy of the fixture `name` in `directory`.
    static func copy(_ name: String, to directory: TemporaryDirectory) throws -> String {
        let path = directory.path(name)
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: path)
        return path
    }

    /// `sql`'s first column for every row, read without changing the file.
    static func column(_ sql: String, in path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: sql) }
    }

    /// The CSV's lines without their first field (the row's id).
    static func withoutIDs(_ csv: String) -> [Substring] {
        csv.split(separator: "\r\n").map { $0.drop { $0 != "," } }
    }

    /// Whether every text is a lowercase UUID, none twice.
    static func areRowIDs(_ ids: [String]) -> Bool {
        Set(ids).count == ids.count
            && ids.allSatisfy { $0.count == 36 && UUID(uuidString: $0) != nil && $0 == $0.lowercased() }
    }

    static func applicationID(_ path: String) throws -> String {
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(72).suffix(4)
        return String(decoding: header, as: UTF8.self)
    }

    @Test("a journal: the same export before and after, moments as T…Z to the millisecond, UUID row ids")
    func journal() throws {
        try TemporaryDirectory.with { directory in
            let journal = try Self.copy("journal.sqlite", to: directory)
            let export = ["journal", "export", "--csv", "-", "--store", journal]
            let before = try TraindbProcess.run(export)
            #expect(before.status == 0, "\(before.stderr)")
            #expect(before.stdout.contains("Canal loop, 5 km") && before.stdout.contains("2026-01-06T19:15:30Z"))
            #expect(try Self.applicationID(journal) == "\0\0\0\0")

            let write = try TraindbProcess.run(
                [
                    "journal", "log", "--type", "cycling", "--minutes", "45", "--store", journal, "--now",
                    "2026-01-08T17:00:00Z",
                ])
            #expect(write.status == 0, "\(write.stderr)")
            #expect(try Self.applicationID(journal) == "TDBJ")
            #expect(try Self.column("SELECT logged_at FROM workouts ORDER BY rowid", in: journal) == [
                "2026-01-05T07:30:00.000Z", "2026-01-06T19:15:30.000Z", "2026-01-08T17:00:00.000Z",
            ])
            #expect(try Self.column("SELECT checked_in_at FROM check_ins", in: journal) == ["2026-01-06T08:00:00.000Z"])
            #expect(try Self.column("SELECT updated_at FROM settings", in: journal) == ["2026-01-05T06:59:00.000Z"])
            #expect(
                try Self.areRowIDs(
                    Self.column("SELECT id FROM workouts UNION ALL SELECT id FROM check_ins", in: journal)))
            #expect(before.stdout.hasPrefix("id,date,time,type,duration_minutes,intensity,notes,logged_at\r\n1,"))
            let after = try TraindbProcess.run(export)
            let (old, new) = (Self.withoutIDs(before.stdout), Self.withoutIDs(after.stdout))
            #expect(Array(new.prefix(old.count)) == old)
            #expect(new.count == old.count + 1 && after.stdout.contains("cycling"))
        }
    }

    @Test("a GymTrack store: the started workout and the stats as before, moments to the millisecond")
    func gymTrack() throws {
        try TemporaryDirectory.with { directory in
            let gym = try Self.copy("gym.sqlite", to: directory)
            let zone = ["--store", gym, "--time-zone", "Europe/London", "--now", "2026-01-07T18:30:00Z"]
            let show = try TraindbProcess.run(["gymtrack", "show"] + zone)
            #expect(
                show.stdout.hasPrefix("Day B — Cardio + Core · started 2026-01-07T18:00:00Z · 30:00 elapsed"),
                "\(show.stdout)\(show.stderr)")
            let stats = try TraindbProcess.run(["gymtrack", "stats"] + zone)
            #expect(stats.status == 0)

            let write = try TraindbProcess.run(["gymtrack", "step", "1"] + zone)
            #expect(write.status == 0, "\(write.stderr)")
            #expect(try Self.applicationID(gym) == "TDBG")
            #expect(try Self.column("SELECT started_at FROM sessions", in: gym) == ["2026-01-05T07:00:00.000Z"])
            #expect(
                try Self.areRowIDs(
                    Self.column("SELECT id FROM sessions UNION ALL SELECT id FROM daily_challenge", in: gym)))
            #expect(try Self.column("SELECT started_at FROM open_session", in: gym) == ["2026-01-07T18:00:00.000Z"])
            #expect(
                try Self.column("SELECT checked_at FROM open_session_steps", in: gym) == ["2026-01-07T18:30:00.000Z"])
            #expect(try TraindbProcess.run(["gymtrack", "stats"] + zone).stdout == stats.stdout)
            let shown = try TraindbProcess.run(["gymtrack", "show"] + zone)
            #expect(shown.stdout.hasPrefix("Day B — Cardio + Core · started 2026-01-07T18:00:00Z · 30:00 elapsed"))
        }
    }

    @Test("a training log: its settings as before, stamped as a training log on its first write")
    func trainingLog() throws {
        try TemporaryDirectory.with { directory in
            let log = try Self.copy("log.sqlite", to: directory)
            let catalogue = try CommittedCatalogue.databasePath()
            let history = try TraindbProcess.run(["history", "workouts", "--store", log, "--db", catalogue])
            #expect(history.status == 0, "\(history.stderr)")
            #expect(try Self.applicationID(log) == "\0\0\0\0", "a read changed the file")
            let settings = try TraindbProcess.run(["log", "settings", "--store", log, "--db", catalogue])
            #expect(settings.status == 0, "\(settings.stderr)")
            #expect(settings.stdout.contains("lbs") && settings.stdout.contains("Europe/London"), "\(settings.stdout)")
            #expect(try Self.applicationID(log) == "TDBL")
            #expect(try Self.column("SELECT started_at FROM programmes", in: log) == ["2026-01-05T07:00:00.000Z"])
        }
    }
}
