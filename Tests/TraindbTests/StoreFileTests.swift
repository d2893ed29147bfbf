import Foundation
import GRDB
import TestSupport
import Testing

/// Any command pointed at any file: the right store, or a clear refusal with the file as it was;
/// commands that only read never create or change a file; two processes on one store both get
/// their writes in.
@Suite("store files: identity, read-only opens, damage, several processes")
struct StoreFileTests {
    static let now = ["--now", "2026-01-05T07:00:00Z"]

    /// One store of each kind in `directory`, made by the commands a user runs, plus the catalogue.
    static func makeStores(in directory: TemporaryDirectory) throws -> [String: String] {
        let catalogue = try CommittedCatalogue.databasePath()
        let copy = directory.path("exercises.sqlite")
        try FileManager.default.copyItem(atPath: catalogue, toPath: copy)
        let runs = [
            ["log", "settings", "--unit", "lbs", "--store", directory.path("log.sqlite"), "--db", catalogue] + now,
            ["gymtrack", "challenge", "tap", "--store", directory.path("gym.sqlite")] + now,
            ["journal", "log", "--type", "yoga", "--minutes", "20", "--store", directory.path("journal.sqlite")] + now,
        ]
        for arguments in runs {
            let run = try TraindbProcess.run(arguments)
            #expect(run.status == 0, "\(arguments.prefix(2)): \(run.stderr)")
        }
        return [
            "training log": directory.path("log.sqlite"), "GymTrack store": directory.path("gym.sqlite"),
            "fitness journal": directory.path("journal.sqlite"), "exercise catalogue": copy,
        ]
    }

    /// A command of each store that writes, given the file to use as its store.
    static func writes(_ file: String, catalogue: String) -> [String: [String]] {
        [
            "training log": ["log", "settings", "--unit", "kg", "--store", file, "--db", catalogue] + now,
            "GymTrack store": ["gymtrack", "challenge", "tap", "--store", file] + now,
            "fitness journal": ["journal", "log", "--type", "yoga", "--minutes", "5", "--store", file] + now,
            "exercise catalogue": ["query", "exercises", "--db", file],
        ]
    }

    /// The bytes of `path` and the names beside it.
    static func snapshot(_ path: String) throws -> (Data, [String]) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return (
            try Data(contentsOf: URL(fileURLWithPath: path)),
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        )
    }

    @Test("a file of another kind is refused by name and left byte for byte as it was")
    func wrongKind() throws {
        try TemporaryDirectory.with { directory in
            let stores = try Self.makeStores(in: directory)
            let catalogue = try CommittedCatalogue.databasePath()
            for (kind, file) in stores {
                for (opener, arguments) in Self.writes(file, catalogue: catalogue) where opener != kind {
                    let before = try Self.snapshot(file)
                    let run = try TraindbProcess.run(arguments)
                    #expect(run.status == 2, "\(opener) opening the \(kind)")
                    let article = kind == "exercise catalogue" ? "the" : "a"
                    #expect(
                        run.stderr.contains("\(file): this is \(article) \(kind), not "), "\(opener): \(run.stderr)")
                    let after = try Self.snapshot(file)
                    #expect(after.0 == before.0, "\(opener) changed the \(kind)")
                    #expect(after.1 == before.1, "\(opener) left files beside the \(kind): \(after.1)")
                }
            }
        }
    }

    @Test("every store keys the rows a user names by one kind of id: a UUID as text")
    func oneIDType() throws {
        try TemporaryDirectory.with { directory in
            let stores = try Self.makeStores(in: directory).filter { $0.key != "exercise catalogue" }
            for (kind, path) in stores {
                let queue = try DatabaseQueue(path: path)
                let keys = try queue.read { db in
                    try Row.fetchAll(
                        db,
                        sql: """
                            SELECT m.name AS name, m.sql AS sql, p.type AS type FROM sqlite_master m
                            JOIN pragma_table_info(m.name) p ON p.name = 'id'
                            WHERE m.type = 'table' AND m.name NOT LIKE 'grdb%'
                            """)
                }
                try queue.close()
                #expect(keys.count >= 2, "\(kind)")
                for key in keys {
                    // The one row of a singleton table (id = 1) is not a row anyone names.
                    let singleton = (key["sql"] as String).contains("CHECK (id = 1)")
                    let table: String = key["name"]
                    #expect(singleton || key["type"] == "TEXT", "\(kind): \(table) has \(key["type"] as String) ids")
                }
                let table =
                    ["GymTrack store": "daily_challenge", "fitness journal": "workouts"][kind] ?? "user_settings"
                let ids = try DatabaseQueue(path: path).read { db in
                    try String.fetchAll(db, sql: "SELECT id FROM \(table)")
                }
                #expect(
                    !ids.isEmpty && ids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() },
                    "\(kind): \(ids)")
            }
        }
    }

    @Test("a file that is not a TrainDB database is refused and untouched")
    func foreignFiles() throws {
        try TemporaryDirectory.with { directory in
            let text = directory.path("notes.sqlite")
            try Data("squat 100 kg\n".utf8).write(to: URL(fileURLWithPath: text))
            let run = try TraindbProcess.run(["journal", "log", "--type", "yoga", "--minutes", "5", "--store", text])
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(text): this is not an SQLite database, not a fitness journal"))
            #expect(try String(contentsOfFile: text, encoding: .utf8) == "squat 100 kg\n")
            #expect(try directory.fileNames() == ["notes.sqlite"])
        }
    }

    @Test(
        "a command that only reads, given a missing store, names it, exits 2 and creates nothing",
        arguments: [
            ["week"], ["streak"], ["history", "workouts"], ["gymtrack", "next"], ["gymtrack", "stats"],
            ["journal", "today"], ["journal", "export", "--csv", "-"], ["journal", "settings"],
        ])
    func missingStore(_ arguments: [String]) throws {
        try TemporaryDirectory.with { directory in
            let catalogue = try CommittedCatalogue.databasePath()
            let needsCatalogue = !["gymtrack", "journal"].contains(arguments[0])
            let run = try TraindbProcess.run(
                arguments + ["--store", "mistyped.sqlite"] + (needsCatalogue ? ["--db", catalogue] : []),
                in: directory.url)
            #expect(run.status == 2)
            #expect(run.stderr.contains("mistyped.sqlite does not exist"), "\(run.stderr)")
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test("a read-only store (a backup) is read and exported, and stays as it was")
    func readOnlyStore() throws {
        try TemporaryDirectory.with { directory in
            let stores = try Self.makeStores(in: directory)
            let catalogue = try CommittedCatalogue.databasePath()
            let reads = [
                ["history", "workouts", "--store", stores["training log"]!, "--db", catalogue],
                ["gymtrack", "stats", "--store", stores["GymTrack store"]!],
                ["journal", "export", "--csv", "-", "--store", stores["fitness journal"]!],
            ]
            for file in stores.values {
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
            defer {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
            }
            let before = try stores.values.map(Self.snapshot)
            for arguments in reads {
                let run = try TraindbProcess.run(arguments + Self.now)
                #expect(run.status == 0, "\(arguments.prefix(2)): \(run.stderr)")
            }
            let export = try TraindbProcess.run(reads[2])
            #expect(export.stdout.contains("yoga"))
            #expect(try stores.values.map(Self.snapshot).map(\.0) == before.map(\.0))
        }
    }

    @Test("a damaged store is refused before anything is written to it, the same way for every store")
    func damagedStore() throws {
        try TemporaryDirectory.with { directory in
            let stores = try Self.makeStores(in: directory)
            let catalogue = try CommittedCatalogue.databasePath()
            for kind in ["training log", "GymTrack store", "fitness journal"] {
                let file = stores[kind]!
                // Scribble over the last page (an index or a table's page), as a failing disk would.
                let handle = try #require(FileHandle(forUpdatingAtPath: file))
                let size = try handle.seekToEnd()
                try handle.seek(toOffset: size - 4096)
                try handle.write(contentsOf: Data(repeating: 0xA5, count: 2000))
                try handle.close()
                let before = try Self.snapshot(file)
                let run = try TraindbProcess.run(Self.writes(file, catalogue: catalogue)[kind]!)
                #expect(run.status == 2, "\(kind)")
                #expect(run.stderr.contains("is damaged"), "\(kind): \(run.stderr)")
                #expect(try Self.snapshot(file).0 == before.0, "\(kind) written to while damaged")
            }
        }
    }

    @Test(
        "a clock outside 2000-2100 is refused by every store before a byte is written",
        arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:00:00Z", "1999-12-31T23:59:59Z"])
    func momentsOutOfRange(_ moment: String) throws {
        try TemporaryDirectory.with { directory in
            let stores = try Self.makeStores(in: directory)
            let catalogue = try CommittedCatalogue.databasePath()
            for kind in ["training log", "GymTrack store", "fitness journal"] {
                let file = stores[kind]!
                let before = try Self.snapshot(file)
                let arguments = Self.writes(file, catalogue: catalogue)[kind]!.dropLast(2) + ["--now", moment]
                let run = try TraindbProcess.run(Array(arguments))
                #expect(run.status == 2, "\(kind)")
                #expect(
                    run.stderr.contains(
                        "the moment \(moment) is outside 2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z"),
                    "\(kind): \(run.stderr)")
                #expect(try Self.snapshot(file).0 == before.0, "\(kind) changed")
            }
        }
    }

    @Test("four processes writing one journal and one reading it: every write in, no read fails")
    func severalProcesses() throws {
        try TemporaryDirectory.with { directory in
            let journal = directory.path("journal.sqlite")
            let traindb = TraindbProcess.executable.path
            let first = try TraindbProcess.run([
                "journal", "log", "--type", "yoga", "--minutes", "1", "--store", journal,
            ])
            #expect(first.status == 0)
            let script = """
                for p in 1 2 3 4; do
                  ( for i in $(seq 25); do
                      "$0" journal log --type running --minutes $i --store "$1" >/dev/null 2>>errors || echo w >>failed
                    done ) &
                done
                ( for i in $(seq 40); do
                    "$0" journal today --store "$1" >/dev/null 2>>errors || echo r >>failed
                  done ) &
                wait
                """
            let run = try Subprocess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", script, traindb, journal], in: directory.url)
            #expect(run.status == 0)
            let errors = (try? String(contentsOfFile: directory.path("errors"), encoding: .utf8)) ?? ""
            #expect(errors.isEmpty, "\(errors.prefix(500))")
            #expect(!FileManager.default.fileExists(atPath: directory.path("failed")))
            let export = try TraindbProcess.run(["journal", "export", "--csv", "-", "--store", journal])
            #expect(try CSVRecords.parse(export.stdout).count == 1 + 1 + 100)
        }
    }
}
