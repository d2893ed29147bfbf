import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

/// A log's rows get ids that start with their day: a server keeping years of a user's history
/// by (user, id) puts a new workout's rows beside each other, after the older ones.
@Suite("the training log's row ids")
struct RowIDOrderTests {
    @Test("workouts, their exercises and sets made on later days have ids sorting after earlier ones")
    func idsFollowTheDays() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("log.sqlite")
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let log = try LogFixture.log(path: path, clock: clock)
            for day in ["05", "07", "09", "12", "14", "16"] {
                try LogFixture.workout(
                    log, clock: clock, "Push", at: "2026-01-\(day)T18:00:00Z",
                    ["barbell_bench_press": [(10, 60), (9, 60), (8, 60)]])
            }
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            try queue.read { db in
                let workoutStart = "(SELECT started_at FROM workouts w WHERE w.id = workout_id)"
                for (table, made) in [
                    ("workouts", "started_at"), ("exercise_logs", workoutStart), ("logged_sets", "logged_at"),
                ] {
                    let days = try String.fetchAll(db, sql: "SELECT substr(\(made), 1, 10) FROM \(table) ORDER BY id")
                    #expect(days.count >= 6, "\(table)")
                    #expect(days == days.sorted(), "\(table), read in id order: \(days)")
                    let ids = try String.fetchAll(db, sql: "SELECT id FROM \(table)")
                    #expect(ids.allSatisfy { RowID.day(ofID: $0) != nil }, "\(table)")
                }
            }
        }
    }
}
