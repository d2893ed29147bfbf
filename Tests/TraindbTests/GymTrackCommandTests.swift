import Foundation
import TestSupport
import Testing

/// `traindb gymtrack`, end to end: the app's actions on a database file, text and JSON.
@Suite("traindb gymtrack")
struct GymTrackCommandTests {
    static let replays = PackageRoot.url("Tests/GymTrackTests/Replays")

    static func json(_ output: Subprocess.Output) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    }

    @Test("a morning: next, start, the challenge step, a refused finish, finish, the streak and the card")
    func morning() throws {
        try TemporaryDirectory.with { directory in
            func run(_ arguments: [String], at now: String) throws -> Subprocess.Output {
                try TraindbProcess.run(
                    ["gymtrack"] + arguments
                        + ["--store", directory.path("gymtrack.sqlite"), "--time-zone", "Europe/London", "--now", now])
            }
            // Reading a store that does not exist yet creates nothing.
            let missing = try run(["next"], at: "2026-01-05T07:00:00Z")
            #expect(missing.status == 2 && missing.stderr.contains("gymtrack.sqlite does not exist"))
            #expect(!FileManager.default.fileExists(atPath: directory.path("gymtrack.sqlite")))
            let started = try run(["start", "A", "--format", "json"], at: "2026-01-05T07:00:00Z")
            #expect(Self.json(started)?["totalSteps"] as? Int == 9)
            let step = try run(["step", "2"], at: "2026-01-05T07:05:00Z")
            #expect(step.stdout.contains("  2. [x] Daily Challenge — squats + push-ups — 1 of 3 × 10 + 10 reps"))
            #expect(step.stdout.contains("Checked 1 of 9 steps · daily challenge today: 1/3"))
            let refused = try run(["finish"], at: "2026-01-05T07:40:00Z")
            #expect(refused.status == 2)
            #expect(
                refused.stderr
                    == "traindb: error[gymtrack.partial_unconfirmed]: only 1 of 9 steps are checked: "
                    + "log as partial session? (finish --partial)\n")
            let finished = try run(["finish", "--partial", "--format", "json"], at: "2026-01-05T07:40:00Z")
            let object = try #require(Self.json(finished))
            #expect(object["isPartial"] as? Bool == true)
            #expect(object["durationSeconds"] as? Int == 2400)
            #expect(object["next"] as? String == "B")
            let tapped = try run(["challenge", "tap"], at: "2026-01-05T12:00:00Z")
            #expect(tapped.stdout.hasPrefix("Daily challenge 2026-01-05: 2/3 sets (partial)\n"))
            let corrected = try run(["challenge", "set", "3", "--format", "json"], at: "2026-01-05T18:00:00Z")
            #expect(Self.json(corrected)?["status"] as? String == "complete")
            let badSets = try run(["challenge", "set", "4"], at: "2026-01-05T18:00:00Z")
            #expect(badSets.status == 2)
            #expect(badSets.stderr == "traindb: error[gymtrack.invalid_value]: sets must be 0, 1, 2 or 3, not 4\n")
            let badStep = try run(["start", "B"], at: "2026-01-06T07:00:00Z")
            #expect(badStep.status == 0)
            let outside = try run(["step", "8"], at: "2026-01-06T07:01:00Z")
            #expect(outside.stderr == "traindb: error[gymtrack.unknown_step]: step must be 1 to 7 for Day B, not 8\n")
        }
    }

    @Test("stats --heatmap: one darkest cell per complete day, lighter ones for days begun, JSON stats beside it")
    func statsHeatmap() throws {
        try TemporaryDirectory.with { directory in
            let common = ["--store", directory.path("gymtrack.sqlite"), "--time-zone", "UTC"]
            for (day, sets) in [("2026-05-04", "3"), ("2026-05-05", "3"), ("2026-05-06", "1"), ("2026-05-08", "3")] {
                let set = try TraindbProcess.run(
                    ["gymtrack", "challenge", "set", sets, "--now", day + "T09:00:00Z"] + common)
                #expect(set.status == 0, "\(set.stderr)")
            }
            let svg = directory.path("heatmap.svg")
            let stats = try TraindbProcess.run(
                ["gymtrack", "stats", "--heatmap", svg, "--format", "json", "--now", "2026-05-08T20:00:00Z"] + common)
            // Standard output stays one JSON document: the caller named the file.
            #expect(stats.stderr == "")
            #expect(!stats.stdout.contains("wrote"))
            let challenge = try #require(Self.json(stats)?["challenge"] as? [String: Any])
            #expect(challenge["streak"] as? [String: Int] == ["current": 1, "longest": 2])
            let picture = try SVGPicture(try String(contentsOfFile: svg, encoding: .utf8))
            let filled = picture.elements("rect", class: "filled")
            #expect(
                filled.compactMap { $0.attributes["data-date"] } == [
                    "2026-05-04", "2026-05-05", "2026-05-06", "2026-05-08",
                ])
            #expect(filled.filter { $0.attributes["data-level"] == "3" }.count == 3)
            #expect(picture.elements("rect", class: "cell").last?.attributes["data-date"] == "2026-05-08")
        }
    }

    @Test("bad input is refused with a usage error naming the option")
    func usage() throws {
        let type = try TraindbProcess.run(["gymtrack", "start", "D", "--store", "/nonexistent/g.sqlite"])
        #expect(type.status == 2)
        #expect(type.stderr.contains("'D' is invalid for '<type>'"))
        let zone = try TraindbProcess.run(["gymtrack", "next", "--store", "g.sqlite", "--time-zone", "Mars/Olympus"])
        #expect(zone.status == 2)
        #expect(
            zone.stderr.hasPrefix(
                "traindb: error[usage]: The value 'Mars/Olympus' is invalid for '--time-zone <zone>'"))
        let now = try TraindbProcess.run(["gymtrack", "next", "--store", "g.sqlite", "--now", "2026-01-05 25:61"])
        #expect(now.status == 2)
        #expect(now.stderr.contains("The value '2026-01-05 25:61' is invalid for '--now <moment>'"))
    }

    @Test("replay prints the committed year's stats and writes its heatmap")
    func yearReplay() throws {
        try TemporaryDirectory.with { directory in
            let svg = directory.path("year.svg")
            let result = try TraindbProcess.run([
                "gymtrack", "replay", Self.replays.appendingPathComponent("year.jsonl").path, "--time-zone",
                "Europe/London", "--heatmap", svg,
            ])
            let committed = try String(contentsOf: Self.replays.appendingPathComponent("year.txt"), encoding: .utf8)
            #expect(result.status == 0)
            #expect(result.stdout == committed + "wrote \(svg)\n")
            #expect(result.stderr == "")
            let picture = try SVGPicture(try String(contentsOfFile: svg, encoding: .utf8))
            #expect(picture.elements("rect", class: "filled").count == 346)
        }
    }

    @Test("replay reports a refused event with its line and exits 1")
    func replayRefusal() throws {
        let events = """
            {"at": "2026-01-05T07:00:00Z", "event": "start", "type": "A"}
            {"at": "2026-01-05T07:30:00Z", "event": "finish"}
            {"at": "2026-01-05T07:31:00Z", "event": "finish", "partial": true}
            {"at": "2026-01-05T08:00:00Z", "event": "set", "sets": 11}

            """
        let result = try TraindbProcess.run(["gymtrack", "replay", "-", "--format", "json"], input: events)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let object = try #require(Self.json(result))
        let refusals = try #require(object["refusals"] as? [[String: Any]])
        #expect(refusals.map { $0["line"] as? Int } == [2, 4])
        #expect(refusals.map { $0["code"] as? String } == ["gymtrack.partial_unconfirmed", "gymtrack.invalid_value"])
        #expect(
            refusals.last?["message"] as? String == "sets must be 0, 1, 2 or 3, not 11")
        #expect(object["applied"] as? Int == 2)
        let stats = try #require(object["stats"] as? [String: Any])
        #expect((stats["quick"] as? [String: Any])?["sessionsThisWeek"] as? Int == 1)
        let text = try TraindbProcess.run(["gymtrack", "replay", "-"], input: events)
        #expect(text.status == 1)
        #expect(text.stderr == "")
        #expect(
            text.stdout.hasPrefix(
                "error[gymtrack.partial_unconfirmed]: line 2: only 0 of 9 steps are checked: "
                    + "log as partial session? (finish --partial)\n"
                    + "error[gymtrack.invalid_value]: line 4: sets must be 0, 1, 2 or 3, not 11\n"
                    + "GymTrack on 2026-01-05\n"))
    }
}
