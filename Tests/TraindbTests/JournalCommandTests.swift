import Foundation
import TestSupport
import Testing

/// `traindb journal …`, end to end on a journal file.
@Suite("traindb journal")
struct JournalCommandTests {
    /// Runs `traindb journal arguments --store journal.sqlite` in `directory`.
    static func journal(_ arguments: [String], in directory: TemporaryDirectory) throws -> Subprocess.Output {
        try TraindbProcess.run(
            ["journal"] + arguments + ["--store", directory.path("journal.sqlite")], in: directory.url)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("log, check in, today and progress, as text and JSON")
    func screens() throws {
        try TemporaryDirectory.with { directory in
            let settings = try Self.journal(
                [
                    "settings", "--time-zone", "Europe/London", "--name", "Sam", "--goal", "2", "--reminder", "07:30",
                    "--enable-reminder-on", "--now", "2026-11-23T06:00:00Z",
                ], in: directory)
            #expect(settings.status == 0)
            #expect(settings.stdout.contains("Next reminder: 2026-11-23 07:30"))
            let logged = try Self.journal(
                [
                    "log", "--type", "running", "--minutes", "30", "--notes", "hills, \"steep\"",
                    "--now", "2026-11-22T08:00:00Z", "--format", "json",
                ], in: directory)
            #expect(logged.status == 0)
            let entry = try Self.object(logged.stdout)
            #expect(entry["date"] as? String == "2026-11-22")
            #expect(entry["loggedAt"] as? String == "2026-11-22T08:00:00Z")
            #expect(entry["notes"] as? String == "hills, \"steep\"")
            _ = try Self.journal(
                ["log", "--type", "yoga", "--minutes", "20", "--intensity", "easy", "--now", "2026-11-23T07:00:00Z"],
                in: directory)
            let checkIn = try Self.journal(
                ["checkin", "--mood", "great", "--energy", "8", "--sleep", "good", "--now", "2026-11-23T07:10:00Z"],
                in: directory)
            #expect(checkIn.stdout == "Check-in saved: 2026-11-23 07:10 😄 Great, energy 8/10, sleep Good\n")
            let today = try Self.journal(["today", "--now", "2026-11-23T09:00:00Z"], in: directory)
            #expect(today.stdout.hasPrefix("Good morning, Sam! Today is Monday 2026-11-23.\n"))
            #expect(today.stdout.contains("Today: 1 workout, 20 min; check-in done\n"))
            #expect(today.stdout.contains("This week: 1 of 2 workouts (1 to go); streak 2 days\n"))
            let progress = try Self.object(
                try Self.journal(
                    ["progress", "--period", "month", "--now", "2026-11-23T09:00:00Z", "--format", "json"],
                    in: directory
                ).stdout)
            #expect(progress["totalWorkouts"] as? Int == 2)
            #expect(progress["averageDurationMinutes"] as? Double == 25)
            #expect((progress["mostFrequentType"] as? [String: Any])?["type"] as? String == "running")
            #expect((progress["streak"] as? [String: Any])?["current"] as? Int == 2)
        }
    }

    @Test(
        "bad input exits 2 with a message naming the field, and saves nothing",
        arguments: [
            (["log", "--type", "running", "--minutes", "0"], "duration: must be more than 0 minutes, not 0"),
            (["checkin", "--mood", "good", "--energy", "11", "--sleep", "fair"], "energy: must be 1-10, not 11"),
            (["settings", "--reminder", "25:61"], "reminder time: \"25:61\" is not a time of day"),
            (["settings", "--goal", "0"], "weekly goal: must be 1-21 workouts a week, not 0"),
            (["settings", "--time-zone", "Mars/Olympus"], "'Mars/Olympus' is invalid for '--time-zone <zone>'"),
            (["log", "--type", "running", "--minutes", "-3"], "duration: must be more than 0 minutes, not -3"),
            (
                ["delete", "7"],
                "id: must be an id as the list shows it, such as #3f2a9c1e (at least 4 characters), not \"7\""
            ),
            (["delete", "#0000abcd"], "there is no workout #0000abcd"),
        ])
    func refused(arguments: [String], message: String) throws {
        try TemporaryDirectory.with { directory in
            let result = try Self.journal(arguments, in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("traindb: error["))
            #expect(result.stderr.contains(message))
            #expect(result.stdout.isEmpty)
            // Nothing saved: no journal at all, or one without entries.
            if FileManager.default.fileExists(atPath: directory.path("journal.sqlite")) {
                let export = try Self.journal(["export", "--csv", "-"], in: directory)
                #expect(try CSVRecords.parse(export.stdout).count == 1)
            }
        }
    }

    @Test("--chart writes an SVG whose bars are the workouts per day and whose points are the minutes")
    func chart() throws {
        try TemporaryDirectory.with { directory in
            let days = [
                ("2026-11-16T07:00:00Z", 30), ("2026-11-16T18:00:00Z", 45), ("2026-11-18T07:00:00Z", 60),
                ("2026-11-21T07:00:00Z", 20),
            ]
            for (moment, minutes) in days {
                _ = try Self.journal(
                    ["log", "--type", "cycling", "--minutes", "\(minutes)", "--now", moment], in: directory)
            }
            let result = try Self.journal(
                ["progress", "--period", "week", "--chart", "week.svg", "--now", "2026-11-22T12:00:00Z"], in: directory)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("wrote week.svg\nWeek: "))
            #expect(result.stderr == "")
            let picture = try SVGPicture(try String(contentsOfFile: directory.path("week.svg"), encoding: .utf8))
            let bars = picture.elements("rect", class: "bar")
            #expect(bars.map { $0.attributes["data-label"] } == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
            #expect(bars.compactMap { $0.number("data-value") } == [2, 0, 1, 0, 0, 1, 0])
            let heights = bars.compactMap { $0.number("height") }
            #expect(heights[0] == 2 * heights[2])
            #expect(heights[2] == heights[5])
            #expect(heights[1] == 0)
            let points = picture.elements("circle", class: "point").compactMap { $0.number("data-value") }
            #expect(points == [75, 0, 60, 0, 0, 20, 0])
            #expect(picture.title?.hasPrefix("Week: workouts and minutes per day, 2026-11-16 to 2026-11-22") == true)
        }
    }

    @Test("export writes RFC 4180 files; clear wants --yes, then empties the journal")
    func exportAndClear() throws {
        try TemporaryDirectory.with { directory in
            let notes = "line one\nline \"two\", with commas\r\nand more"
            _ = try Self.journal(["log", "--type", "strength", "--minutes", "40", "--notes", notes], in: directory)
            _ = try Self.journal(["checkin", "--mood", "tired", "--energy", "4", "--sleep", "poor"], in: directory)
            let export = try Self.journal(["export", "--csv", "w.csv", "--check-ins", "c.csv"], in: directory)
            #expect(export.status == 0)
            #expect(export.stdout == "wrote w.csv\nwrote c.csv\n")
            #expect(export.stderr == "")
            // With the workouts on standard output, that output stays CSV alone.
            let piped = try Self.journal(["export", "--csv", "-", "--check-ins", "c.csv"], in: directory)
            #expect(try CSVRecords.parse(piped.stdout).count == 2)
            #expect(!piped.stdout.contains("wrote"))
            let workouts = try CSVRecords.parse(try String(contentsOfFile: directory.path("w.csv"), encoding: .utf8))
            #expect(workouts.count == 2)
            #expect(workouts[1][6] == notes)
            let checkIns = try CSVRecords.parse(try String(contentsOfFile: directory.path("c.csv"), encoding: .utf8))
            #expect(checkIns[1][3...5] == ["tired", "4", "poor"])

            let refused = try Self.journal(["clear"], in: directory)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("error[journal.confirmation_required]"))
            #expect(refused.stderr.contains("--yes"))
            #expect(try CSVRecords.parse(try Self.journal(["export", "--csv", "-"], in: directory).stdout).count == 2)
            let cleared = try Self.journal(["clear", "--yes"], in: directory)
            #expect(cleared.stdout == "Cleared 1 workout and 1 check-in.\n")
            #expect(try CSVRecords.parse(try Self.journal(["export", "--csv", "-"], in: directory).stdout).count == 1)
        }
    }

    @Test("replay applies a year of events, lists the refused lines, prints the progress and exits 1")
    func replay() throws {
        let file = PackageRoot.url("Tests/FitnessJournalTests/Replays/year-2026.jsonl").path
        let result = try TraindbProcess.run(["journal", "replay", file])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "error[journal.invalid_field]: line 20: duration: must be more than 0 minutes, not 0\n"
                    + "error[journal.invalid_field]: line 197: energy: must be 1-10, not 11\n"
                    + "Replayed 436 events; 2 refused.\n\n"
                    + "All Time: 2026-01-01 to 2026-12-31\n"
                    + "Workouts: 183 on 183 days, 7390 min in all\n"))
        #expect(result.stdout.contains("Streak: 5 days (longest 23 days)\n"))
        let json = try TraindbProcess.run(["journal", "replay", file, "--period", "month", "--format", "json"])
        let object = try Self.object(json.stdout)
        #expect((object["progress"] as? [String: Any])?["totalWorkouts"] as? Int == 15)
        #expect((object["refusals"] as? [[String: Any]])?.map { $0["line"] as? Int } == [20, 197])
    }
}
