import Foundation
import TestSupport
import Testing

/// `traindb log`, `history`, `week` and `streak`, end to end on the committed catalogue.
@Suite("traindb log")
struct LogCommandTests {
    static let replays = PackageRoot.url("Tests/TrainingLogTests/Replays")

    static func traindb(_ arguments: [String]) throws -> Subprocess.Output {
        try TraindbProcess.run(arguments + ["--db", try CommittedCatalogue.databasePath()])
    }

    @Test("log replay prints what the committed replay says, and exits 1 for the refused set")
    func replayMatchesCommittedOutput() throws {
        let result = try Self.traindb(["log", "replay", Self.replays.appendingPathComponent("two-pushes.jsonl").path])
        let committed = try String(contentsOf: Self.replays.appendingPathComponent("two-pushes.txt"), encoding: .utf8)
        #expect(result.stdout == committed)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
    }

    @Test("log replay --format json prints one object per event, refusals with their code")
    func replayJSON() throws {
        let result = try Self.traindb([
            "log", "replay", Self.replays.appendingPathComponent("two-pushes.jsonl").path, "--format", "json",
        ])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 20)
        let refused = objects.filter { $0["error"] != nil }
        #expect(refused.count == 1)
        #expect((refused.first?["error"] as? [String: Any])?["code"] as? String == "set.invalid")
        #expect(objects.first?["event"] as? String == "settings")
    }

    @Test("a session from the command line: start, sets, submit, complete, then the week, streak and history")
    func session() throws {
        try TemporaryDirectory.with { directory in
            let questionnaire = directory.path("q.json")
            let answers = """
                {"primaryGoal": "build_muscle", "experienceLevel": "0_6_months", "equipmentAvailable": ["dumbbells"],
                 "trainingDaysPerWeek": 3, "sessionDuration": "45-60 min"}
                """
            try Data(answers.utf8).write(to: URL(fileURLWithPath: questionnaire))
            let user = ["--store", directory.path("log.sqlite")]
            func run(_ arguments: [String], at now: String) throws -> Subprocess.Output {
                try Self.traindb(arguments + user + ["--now", now])
            }
            #expect(
                try run(["log", "settings", "--time-zone", "America/Los_Angeles"], at: "2026-01-05T00:00:00Z").status
                    == 0)
            let started = try run(
                ["log", "programme", "start", "--questionnaire", questionnaire, "--start", "2026-01-05"],
                at: "2026-01-05T01:00:00Z")
            #expect(started.stdout.hasPrefix("Programme "), "\(started.stderr)")
            let refused = try run(["log", "submit", "dumbbell_bench_press"], at: "2026-01-06T02:00:00Z")
            #expect(refused.status == 2)
            #expect(
                refused.stderr == "traindb: error[log.no_open_workout]: no workout is open: start a session first\n")
            #expect(try run(["log", "start", "Push"], at: "2026-01-06T02:00:00Z").status == 0)
            let invalid = try run(
                ["log", "set", "day-1-exercise-1", "--reps", "8", "--weight", "1200", "--unit", "lbs"],
                at: "2026-01-06T02:01:00Z")
            #expect(
                invalid.stderr == "traindb: error[set.invalid]: Please enter valid weight and reps: "
                    + "weight 1200 lbs is outside 0 to 1102.31 lbs\n")
            let set = try run(
                ["log", "set", "day-1-exercise-1", "--reps", "10", "--weight", "45", "--unit", "lbs"],
                at: "2026-01-06T02:02:00Z")
            #expect(set.stdout.contains("Set 1: 20.41 kg × 10 ✓ · rest 2:00"), "\(set.stdout)\(set.stderr)")
            let submitted = try run(["log", "submit", "day-1-exercise-1"], at: "2026-01-06T02:03:00Z")
            #expect(submitted.stdout.hasPrefix("Keep Pushing · "))
            let completed = try run(["log", "complete"], at: "2026-01-06T02:30:00Z")
            #expect(completed.stdout.contains("First time completing this workout!"))
            // 02:00 UTC on 6 January is the evening of Monday 5 January in Los Angeles.
            let week = try run(["week", "--format", "json"], at: "2026-01-06T03:00:00Z")
            let object = try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [String: Any]
            #expect(object?["progress"] as? String == "1/3 complete")
            #expect(object?["today"] as? String == "2026-01-05")
            #expect(
                try run(["streak"], at: "2026-01-07T03:00:00Z").stdout
                    == "Streak: 1 day · longest 1 · last workout 2026-01-05\n")
            let history = try run(["history", "workouts", "--limit", "1"], at: "2026-01-07T03:00:00Z")
            #expect(history.stdout.hasPrefix("Push workout · 2026-01-05 · took 3:00"))
            let replay = try Self.traindb(["log", "replay", "-"] + user)
            #expect(replay.status == 2)
            #expect(replay.stderr.hasPrefix("traindb: error[replay.store_not_empty]"))
        }
    }
}
