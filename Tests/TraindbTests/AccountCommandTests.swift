import Foundation
import TestSupport
import Testing

/// The user's data on this device, every store at once: exported whole, or deleted whole, and
/// never a file that is not the user's store (business rules §12).
@Suite("traindb account")
struct AccountCommandTests {
    @Test("export writes every table of every store as JSON and CSV, and changes no store")
    func export() throws {
        try TemporaryDirectory.with { directory in
            let stores = try StoreFileTests.makeStores(in: directory)
            let users = ["training log", "GymTrack store", "fitness journal"].map { stores[$0]! }
            let before = try users.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let out = directory.path("export")
            let run = try TraindbProcess.run(["account", "export", "--out", out] + users.flatMap { ["--store", $0] })
            #expect(run.status == 0, "\(run.stderr)")
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: out + "/account.json"))) as? [String: Any]
            let log = (json?["trainingLog"] as? [String: Any])?["tables"] as? [String: [[String: Any]]]
            #expect(log?["user_settings"]?.first?["weight_unit"] as? String == "lbs")
            let journal = (json?["journal"] as? [String: Any])?["tables"] as? [String: [[String: Any]]]
            #expect(journal?["workouts"]?.first?["exercise_type"] as? String == "yoga")
            let csv = try String(contentsOfFile: out + "/journal-workouts.csv", encoding: .utf8)
            #expect(csv.hasPrefix("id,date,exercise_type,duration_minutes,intensity,notes,logged_at\r\n"))
            #expect(try CSVRecords.parse(csv).count == 2)
            #expect(FileManager.default.fileExists(atPath: out + "/gymTrack-daily_challenge.csv"))
            #expect(try users.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
            #expect(try directory.fileNames().filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }.isEmpty)
        }
    }

    @Test("delete needs --yes, refuses the catalogue or a foreign file among the stores, then deletes them all")
    func delete() throws {
        try TemporaryDirectory.with { directory in
            let stores = try StoreFileTests.makeStores(in: directory)
            let users = ["training log", "GymTrack store", "fitness journal"].map { stores[$0]! }
            let arguments = ["account", "delete"] + users.flatMap { ["--store", $0] }
            let unconfirmed = try TraindbProcess.run(arguments)
            #expect(unconfirmed.status == 2 && unconfirmed.stderr.contains("account.confirmation_required"))
            let withCatalogue = try TraindbProcess.run(arguments + ["--store", stores["exercise catalogue"]!, "--yes"])
            #expect(withCatalogue.status == 2)
            #expect(withCatalogue.stderr.contains("this is the exercise catalogue, not a user's store"))
            #expect(users.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "a store went with the refusal")
            let deleted = try TraindbProcess.run(arguments + ["--yes"])
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stdout.contains("open Settings on your iPhone"), "\(deleted.stdout)")
            #expect(users.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
            #expect(try directory.fileNames() == ["exercises.sqlite"])
        }
    }
}
