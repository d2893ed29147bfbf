import Foundation
import GRDB
import TestSupport
import Testing

/// The user stores' commands when the file system misbehaves: a FIFO given as the store, a
/// read-only store asked to change, standard output on a full disk after a change was saved, an
/// export folder that is a file.
@Suite("user stores under storage faults")
struct StoreFaultTests {
    static let now = ["--now", "2026-01-05T07:00:00Z"]

    /// Runs traindb under `timeout(1)`: a command that hangs exits 124 instead of hanging the tests.
    static func runBounded(_ arguments: [String], seconds: Int = 30) throws -> Subprocess.Output {
        try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["\(seconds)", TraindbProcess.executable.path] + arguments)
    }

    @Test(
        "a FIFO given as --store is refused at once by every store, reading or writing",
        arguments: [
            ["journal", "log", "--type", "yoga", "--minutes", "5"], ["journal", "today"],
            ["gymtrack", "challenge", "tap"], ["gymtrack", "next"], ["log", "settings"], ["week"],
        ])
    func fifo(_ command: [String]) throws {
        try TemporaryDirectory.with { directory in
            let fifo = directory.path("store.sqlite")
            #expect(mkfifo(fifo, 0o644) == 0)
            let catalogue =
                command[0] == "log" || command[0] == "week" ? ["--db", try CommittedCatalogue.databasePath()] : []
            let run = try Self.runBounded(command + ["--store", fifo] + catalogue + Self.now)
            #expect(run.status == 2, "\(command): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("\(fifo) is a FIFO, not a file: a store is a file"), "\(run.stderr)")
            #expect(run.stderr.contains(".not_a_file]"), "\(run.stderr)")
        }
    }

    /// A user other than root, for whom a file's permissions hold (root writes a 0444 file).
    static func asUser(_ arguments: [String]) throws -> Subprocess.Output {
        guard getuid() == 0 else { return try TraindbProcess.run(arguments) }
        return try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", TraindbProcess.executable.path] + arguments)
    }

    @Test("a change asked of a read-only store is refused, naming it, and leaves no file beside it")
    func readOnlyStore() throws {
        try TemporaryDirectory.with { directory in
            let journal = directory.path("journal.sqlite")
            let gym = directory.path("gym.sqlite")
            #expect(
                try TraindbProcess.run(["journal", "log", "--type", "yoga", "--minutes", "5", "--store", journal])
                    .status == 0)
            #expect(try TraindbProcess.run(["gymtrack", "challenge", "tap", "--store", gym] + Self.now).status == 0)
            // The folder stays writable (SQLite could make files there); the stores are not.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.url.path)
            for file in [journal, gym] {
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
            }
            let before = try directory.fileNames()
            let writes = [
                ["journal", "log", "--type", "yoga", "--minutes", "5", "--store", journal],
                ["gymtrack", "challenge", "set", "2", "--store", gym] + Self.now,
            ]
            for arguments in writes {
                let run = try Self.asUser(arguments)
                #expect(run.status == 2, "\(arguments.prefix(2))")
                let file = arguments.contains(journal) ? journal : gym
                #expect(run.stderr.contains("\(file) is read-only: this command changes it"), "\(run.stderr)")
                #expect(run.stderr.contains(".read_only]"), "\(run.stderr)")
                #expect(try directory.fileNames() == before, "\(arguments.prefix(2)) left files beside the store")
            }
            let read = try Self.asUser(["journal", "today", "--store", journal])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(try directory.fileNames() == before)
        }
    }

    /// A script that retries a failed command would save the workout twice if a lost
    /// confirmation made the command fail: it exits 0 and says so on standard error.
    @Test("a saved change whose confirmation cannot be printed exits 0, once, with a warning")
    func savedChangeOnAFullDisk() throws {
        try TemporaryDirectory.with { directory in
            let journal = directory.path("journal.sqlite")
            let gym = directory.path("gym.sqlite")
            let writes = [
                ["journal", "log", "--type", "yoga", "--minutes", "5", "--store", journal],
                ["journal", "checkin", "--mood", "good", "--energy", "7", "--sleep", "fair", "--store", journal],
                ["journal", "settings", "--goal", "4", "--store", journal],
                ["gymtrack", "challenge", "tap", "--store", gym] + Self.now,
                ["gymtrack", "start", "A", "--store", gym, "--time-zone", "UTC"] + Self.now,
            ]
            for arguments in writes {
                let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
                let run = try TraindbProcess.run(arguments, outputFile: full)
                #expect(run.status == 0, "\(arguments.prefix(3)): \(run.stderr)")
                #expect(
                    run.stderr == "traindb: warning[output.failed]: cannot write to standard output: No space left on "
                        + "device; the output is incomplete; the change was saved all the same (exit 0): do not run "
                        + "the command again\n", "\(arguments.prefix(3))")
            }
            let export = try TraindbProcess.run(["journal", "export", "--csv", "-", "--store", journal])
            #expect(try CSVRecords.parse(export.stdout).count == 2, "one header, one workout: \(export.stdout)")
            // What was refused is no change: a lost error report still fails.
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let refused = try TraindbProcess.run(
                ["journal", "log", "--type", "yoga", "--minutes", "0", "--store", journal], outputFile: full)
            #expect(refused.status == 2)
            let shown = try TraindbProcess.run(["journal", "settings", "--store", journal], outputFile: full)
            #expect(shown.status == 2, "showing the settings saves nothing")
        }
    }

    @Test("account export --out at a file says so, before reading anything")
    func exportOutAtAFile() throws {
        try TemporaryDirectory.with { directory in
            let journal = directory.path("journal.sqlite")
            #expect(
                try TraindbProcess.run(["journal", "log", "--type", "yoga", "--minutes", "5", "--store", journal])
                    .status == 0)
            let file = directory.path("export.txt")
            try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: file))
            let run = try TraindbProcess.run(["account", "export", "--store", journal, "--out", file])
            #expect(run.status == 2)
            #expect(
                run.stderr == "traindb: error[account.out_not_a_folder]: --out \(file) is a file, not a folder: name a "
                    + "folder (made when missing) to write account.json and the CSV files into\n")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
        }
    }

    @Test("a store whose creation was killed before its first migration is finished by the next command")
    func killedCreation() throws {
        try TemporaryDirectory.with { directory in
            for (name, command) in [
                ("journal.sqlite", ["journal", "log", "--type", "yoga", "--minutes", "5"]),
                ("gym.sqlite", ["gymtrack", "challenge", "tap"] + Self.now),
            ] {
                let path = directory.path(name)
                let leftover = try DatabaseQueue(path: path)
                try leftover.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                    try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                }
                try leftover.close()
                let run = try TraindbProcess.run(command + ["--store", path])
                #expect(run.status == 0, "\(name): \(run.stderr)")
            }
        }
    }
    @Test("the journal's replay, as the other two, reads standard input and refuses a journal that holds entries")
    func journalReplayLikeTheOthers() throws {
        try TemporaryDirectory.with { directory in
            let journal = directory.path("journal.sqlite")
            let events = #"{"at": "2026-01-05T07:00:00Z", "event": "workout", "type": "yoga", "minutes": 20}"# + "\n"
            let first = try TraindbProcess.run(["journal", "replay", "-", "--store", journal], input: events)
            #expect(first.status == 0, "\(first.stderr)")
            let again = try TraindbProcess.run(["journal", "replay", "-", "--store", journal], input: events)
            #expect(again.status == 2)
            #expect(
                again.stderr == "traindb: error[replay.store_not_empty]: \(journal) already holds workouts or "
                    + "check-ins\n")
            let export = try TraindbProcess.run(["journal", "export", "--csv", "-", "--store", journal])
            #expect(try CSVRecords.parse(export.stdout).count == 2, "the workout was saved once")
        }
    }
}
