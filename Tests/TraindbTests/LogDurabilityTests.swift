import Foundation
import GRDB
import TestSupport
import Testing

/// A process killed in the middle of logging loses nothing it acknowledged: `traindb log replay`
/// prints each step once it is stored, the test reads those lines, kills the process with
/// SIGKILL, and reopens the training log.
@Suite("training log durability")
struct LogDurabilityTests {
    static let questionnaire = """
        {"primaryGoal": "build_muscle", "experienceLevel": "0_6_months", "equipmentAvailable": ["dumbbells"], \
        "trainingDaysPerWeek": 3, "sessionDuration": "45-60 min"}
        """

    /// A programme, a Push workout, then `sets` sets of its first exercise a second apart.
    static func events(sets: Int) -> String {
        var lines = [
            #"{"at": "2026-01-05T07:00:00Z", "event": "programme", "start": "2026-01-05", "#
                + #""questionnaire": \#(questionnaire)}"#,
            #"{"at": "2026-01-05T18:00:00Z", "event": "start", "session": "day-1"}"#,
        ]
        let start = Date(timeIntervalSince1970: 1_767_636_000)  // 2026-01-05T18:00:00Z
        let formatter = ISO8601DateFormatter()
        for number in 1...sets {
            let at = formatter.string(from: start.addingTimeInterval(Double(number)))
            let reps = number % 100 + 1
            lines.append(#"{"at": "\#(at)", "event": "set", "exercise": "day-1-exercise-1", "#
                + #""reps": \#(reps), "weight": 20}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("everything acknowledged before SIGKILL is there, the workout resumes, integrity_check is ok")
    func killedWhileLogging() throws {
        try TemporaryDirectory.with { directory in
            let eventsPath = directory.path("events.jsonl")
            let logPath = directory.path("log.sqlite")
            try Data(Self.events(sets: 5_000).utf8).write(to: URL(fileURLWithPath: eventsPath))
            let catalogue = try CommittedCatalogue.databasePath()
            let process = try RunningProcess(
                TraindbProcess.executable,
                ["log", "replay", eventsPath, "--store", logPath, "--db", catalogue, "--format", "json"])
            var acknowledged = 0
            while acknowledged < 120, let line = process.readLine() {
                if line.contains(#""event":"set""#), !line.contains(#""error""#) { acknowledged += 1 }
            }
            process.kill(SIGKILL)
            #expect(process.wait().signalled, "the replay ended before it was killed")
            #expect(acknowledged == 120)

            let queue = try DatabaseQueue(path: logPath)
            try queue.read { db throws in
                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
                let reps = try Int.fetchAll(db, sql: "SELECT reps FROM logged_sets ORDER BY set_number")
                #expect(reps.count >= acknowledged)
                #expect(reps.count < 5_000, "killed in the middle, not after the end")
                // The stored sets are the first events, in order: nothing skipped, nothing torn.
                #expect(reps == (1...reps.count).map { $0 % 100 + 1 })
            }
            try queue.close()

            let resumed = try TraindbProcess.run([
                "log", "show", "--store", logPath, "--db", catalogue, "--now", "2026-01-05T23:00:00Z",
            ])
            #expect(resumed.status == 0)
            #expect(resumed.stdout.hasPrefix("Push workout"))
            let next = try TraindbProcess.run([
                "log", "set", "day-1-exercise-1", "--reps", "5", "--weight", "20", "--store", logPath,
                "--db", catalogue, "--now", "2026-01-05T23:00:00Z", "--format", "json",
            ])
            #expect(next.status == 0, "\(next.stderr)")
            let set = try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any]
            let number = (set?["set"] as? [String: Any])?["number"] as? Int
            #expect((number ?? 0) > acknowledged)
        }
    }
}
