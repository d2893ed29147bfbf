import Foundation
import TestSupport
import Testing

/// The options every user store shares (`--store`, `--now`, `--time-zone`) are read once, the
/// same way in every command; negative numbers are values; and every command writes through the
/// one output layer, so a lost output is `output.failed`, never a crash.
@Suite("the user stores' options and output")
struct UserStoreOptionTests {
    @Test(
        "a bad --time-zone is one usage error everywhere, before any file is made",
        arguments: [
            ["gymtrack", "next", "--store", "user.sqlite"],
            ["gymtrack", "replay", "events.jsonl"],
            ["journal", "settings", "--store", "user.sqlite"],
            ["log", "settings", "--store", "user.sqlite"],
        ])
    func badTimeZone(_ arguments: [String]) throws {
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(arguments + ["--time-zone", "Mars/Base"], in: directory.url)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(
                run.stderr.hasPrefix(
                    "traindb: error[usage]: The value 'Mars/Base' is invalid for '--time-zone <zone>'"))
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test(
        "a bad --now is one usage error everywhere",
        arguments: [
            ["gymtrack", "next", "--store", "user.sqlite"],
            ["journal", "today", "--store", "user.sqlite"],
            ["journal", "replay", "events.jsonl"],
            ["week", "--store", "user.sqlite"],
        ])
    func badMoment(_ arguments: [String]) throws {
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(arguments + ["--now", "2026-01-05 07:00"], in: directory.url)
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "traindb: error[usage]: The value '2026-01-05 07:00' is invalid for '--now <moment>'"))
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test(
        "a negative number is a value the store judges, not a missing one",
        arguments: [
            (["journal", "log", "--type", "running", "--minutes", "-3"], "journal.invalid_field", "duration"),
            (["journal", "settings", "--goal", "-2"], "journal.invalid_field", "weekly goal"),
            (
                ["journal", "checkin", "--mood", "good", "--energy", "-1", "--sleep", "fair"], "journal.invalid_field",
                "energy"
            ),
            (
                ["log", "set", "barbell_bench_press", "--reps", "5", "--weight", "-3", "--db", "DB"], "set.invalid",
                "weight"
            ),
        ])
    func negativeNumbers(_ arguments: [String], code: String, field: String) throws {
        let catalogue = try CommittedCatalogue.databasePath()
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(
                arguments.map { $0 == "DB" ? catalogue : $0 } + ["--store", "user.sqlite"], in: directory.url)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("traindb: error[\(code)]: "), "\(run.stderr)")
            #expect(!run.stderr.contains("Missing value"))
        }
    }

    @Test("--db is the catalogue: the user stores' files are --store")
    func storeNotDb() throws {
        for command in [["gymtrack", "next"], ["journal", "today"], ["week"]] {
            let run = try TraindbProcess.run(command + ["--db", "user.sqlite"])
            #expect(run.status == 2)
            #expect(run.stderr.contains("Missing expected argument '--store <file>'"), "\(command)")
        }
    }

    /// Every command of the three stores that prints, with a full disk as its standard output.
    @Test("a full disk on standard output is output.failed, exit 2, for the user stores' commands")
    func fullDisk() throws {
        let catalogue = try CommittedCatalogue.databasePath()
        try TemporaryDirectory.with { directory in
            let logEvents = directory.path("log.jsonl")
            let events = [
                "log": #"{"at": "2026-01-05T18:00:00Z", "event": "week"}"#,
                "gym": #"{"at": "2026-01-05T07:00:00Z", "event": "next"}"#,
                "journal": #"{"at": "2026-01-05T07:00:00Z", "event": "workout", "type": "yoga", "minutes": 20}"#,
            ]
            for (name, line) in events {
                try Data(line.utf8).write(to: URL(fileURLWithPath: directory.path("\(name).jsonl")))
            }
            let now = ["--now", "2026-01-05T07:00:00Z"]
            // The read commands read stores that exist.
            _ = try TraindbProcess.run(["gymtrack", "challenge", "tap", "--store", directory.path("gym.sqlite")] + now)
            _ = try TraindbProcess.run(
                ["journal", "log", "--type", "yoga", "--minutes", "20", "--store", directory.path("journal.sqlite")]
                    + now)
            let commands: [[String]] = [
                ["log", "replay", logEvents, "--db", catalogue],
                ["log", "settings", "--store", directory.path("log.sqlite"), "--db", catalogue] + now,
                ["gymtrack", "replay", directory.path("gym.jsonl")],
                ["gymtrack", "next", "--store", directory.path("gym.sqlite"), "--time-zone", "UTC"] + now,
                ["journal", "replay", directory.path("journal.jsonl")],
                ["journal", "today", "--store", directory.path("journal.sqlite")] + now,
                ["journal", "export", "--csv", "-", "--store", directory.path("journal.sqlite")],
            ]
            for arguments in commands {
                let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
                let run = try TraindbProcess.run(arguments, outputFile: full)
                let label = arguments.prefix(2).joined(separator: " ")
                #expect(run.status == 2, "\(label)")
                #expect(
                    run.stderr == "traindb: error[output.failed]: cannot write to standard output: "
                        + "No space left on device; the output is incomplete\n", "\(label)")
            }
        }
    }
}
