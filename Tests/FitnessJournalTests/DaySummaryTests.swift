import FitnessJournal
import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import UserStore

/// The days' summaries (migration 0005) that the progress screen reads: always what the
/// workouts and check-ins add up to, whatever wrote them.
@Suite("day summaries")
struct DaySummaryTests {
    /// A day as the summary keeps it: workouts and minutes per type (the app's order), the
    /// day's workouts, and the mood and energy of its last check-in.
    struct Day: Equatable, CustomStringConvertible {
        var counts = [Int](repeating: 0, count: 2 * ExerciseType.allCases.count + 1)
        var mood: String?
        var energy: Int?
        /// The day number kept beside the date (nil when the date is not one).
        var day: Int?

        var description: String { "\(counts) \(mood ?? "-") \(energy.map(String.init) ?? "-") \(day ?? -1)" }
    }

    /// The summaries as stored.
    static func stored(_ db: Database) throws -> [String: Day] {
        let types = ExerciseType.allCases.map { "\($0.rawValue)_workouts, \($0.rawValue)_minutes" }
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT date, \(types.joined(separator: ", ")), workouts, mood, energy_level, day FROM day_summaries")
        var days: [String: Day] = [:]
        for row in rows {
            var day = Day()
            for index in day.counts.indices { day.counts[index] = row[1 + index] }
            day.mood = row["mood"]
            day.energy = row["energy_level"]
            day.day = row["day"]
            days[row["date"]] = day
        }
        return days
    }

    /// The summaries added up again from every workout and check-in.
    static func recounted(_ db: Database) throws -> [String: Day] {
        var days: [String: Day] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT date, exercise_type, duration_minutes FROM workouts") {
            let type = try #require(ExerciseType(rawValue: row["exercise_type"]))
            let index = try #require(ExerciseType.allCases.firstIndex(of: type))
            var day = days[row["date"]] ?? Day()
            day.counts[2 * index] += 1
            day.counts[2 * index + 1] += row["duration_minutes"] as Int
            day.counts[day.counts.count - 1] += 1
            days[row["date"]] = day
        }
        let checkIns = try Row.fetchAll(
            db, sql: "SELECT date, mood, energy_level FROM check_ins ORDER BY checked_in_at, rowid")
        for row in checkIns {
            var day = days[row["date"]] ?? Day()
            day.mood = row["mood"]
            day.energy = row["energy_level"]
            days[row["date"]] = day
        }
        for (date, var day) in days {
            day.day = CalendarDate(date)?.dayNumber
            days[date] = day
        }
        return days
    }

    @Test("the summaries equal the rows added up again after random saves, edits and deletions")
    func randomWrites() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            var random = SplitMix64(seed: 30)
            let start = try JournalFixture.moment("2026-10-20T00:00:00Z")
            let clock = ManualClock(start)
            let journal = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(timeZone: JournalFixture.london))
            // Another connection edits and deletes rows around the library, as a damaged or
            // hand-edited file would; the triggers keep the summaries whoever writes.
            let queue = try DatabaseQueue(path: path)
            // Three weeks around the change to GMT: dates on both sides of the clock change.
            func moment() -> Date {
                start.addingTimeInterval(Double(Int.random(in: 0..<(21 * 24), using: &random)) * 3600)
            }
            func someDate() -> String { CalendarDate(moment(), in: JournalFixture.london).description }
            for step in 0..<160 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2:
                    clock.set(moment())
                    try journal.logWorkout(
                        NewWorkout(
                            type: ExerciseType.allCases.randomElement(using: &random) ?? .other,
                            durationMinutes: Int.random(in: 1...120, using: &random), intensity: .easy))
                case 3...4:
                    clock.set(moment())
                    try journal.checkIn(
                        NewCheckIn(
                            mood: Mood.allCases.randomElement(using: &random) ?? .okay,
                            energyLevel: Int.random(in: 1...10, using: &random), sleepQuality: .fair))
                case 5:
                    if let workout = try journal.allWorkouts().randomElement(using: &random) {
                        try journal.deleteWorkout(id: workout.id)
                    }
                case 6:
                    let type = ExerciseType.allCases.randomElement(using: &random)?.rawValue ?? "other"
                    try queue.write { db in
                        try db.execute(
                            sql: """
                                UPDATE workouts SET date = ?, exercise_type = ?, duration_minutes = ?
                                WHERE rowid = (SELECT rowid FROM workouts ORDER BY rowid LIMIT 1 OFFSET ?)
                                """,
                            arguments: [someDate(), type, Int.random(in: 1...90, using: &random), step % 7])
                    }
                case 7:
                    let mood = Mood.allCases.randomElement(using: &random)?.rawValue ?? "okay"
                    let moment = Timestamp.text(moment())
                    try queue.write { db in
                        try db.execute(
                            sql: """
                                UPDATE check_ins SET date = ?, mood = ?, checked_in_at = ?
                                WHERE rowid = (SELECT rowid FROM check_ins ORDER BY rowid LIMIT 1 OFFSET ?)
                                """, arguments: [someDate(), mood, moment, step % 5])
                    }
                case 8:
                    try queue.write { db in
                        try db.execute(
                            sql: "DELETE FROM check_ins WHERE rowid = (SELECT rowid FROM check_ins LIMIT 1 OFFSET ?)",
                            arguments: [step % 4])
                    }
                default:
                    try queue.write { db in
                        try db.execute(
                            sql: "UPDATE workouts SET notes = 'edited' WHERE rowid = (SELECT max(rowid) FROM workouts)")
                    }
                }
                let (stored, recounted) = try queue.read { db in (try Self.stored(db), try Self.recounted(db)) }
                #expect(stored == recounted, "step \(step)")
                if stored != recounted { return }
            }
            // And the screens read from them give what the entries themselves add up to.
            clock.set(start.addingTimeInterval(22 * 86_400))
            let today = CalendarDate(clock.now(), in: JournalFixture.london)
            let workouts = try journal.allWorkouts()
            let days = Set(workouts.map(\.date))
            for period in ProgressPeriod.allCases {
                let expected = ProgressReport(
                    period: period, today: today, workouts: workouts, workoutDays: days,
                    checkIns: try journal.allCheckIns(), firstDay: try Self.firstDay(queue),
                    weeklyGoal: try journal.settings().weeklyGoal)
                #expect(try journal.progress(period) == expected, "\(period)")
            }
            #expect(try journal.today().streak == Streak(days: days, today: today))
            try queue.close()
        }
    }

    /// The first day with a workout or a check-in.
    static func firstDay(_ queue: DatabaseQueue) throws -> CalendarDate? {
        try queue.read { db in
            try String.fetchOne(
                db, sql: "SELECT min(date) FROM (SELECT date FROM workouts UNION ALL SELECT date FROM check_ins)")
        }.flatMap(CalendarDate.init)
    }

    @Test("a journal from before the summaries gets them from its rows when opened, and reads alike without them")
    func migration() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            try FitnessJournalSchema.migrator.migrate(databaseAt: path, upTo: 4)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "PRAGMA application_id = \(StoreKind.journal.applicationID)")
                try db.execute(
                    sql: """
                        INSERT INTO settings
                            VALUES (1, 'Ana', 3, 0, '07:30', 0, 'Europe/London', '2026-11-01T08:00:00.000Z');
                        INSERT INTO workouts (id, date, exercise_type, duration_minutes, intensity, logged_at) VALUES
                            ('a', '2026-11-20', 'running', 30, 'easy', '2026-11-20T07:00:00.000Z'),
                            ('b', '2026-11-20', 'yoga', 45, 'easy', '2026-11-20T18:00:00.000Z'),
                            ('c', '2026-11-20', 'running', 20, 'hard', '2026-11-20T19:00:00.000Z'),
                            ('d', '2026-11-22', 'cycling', 60, 'moderate', '2026-11-22T09:00:00.000Z');
                        INSERT INTO check_ins (id, date, mood, energy_level, sleep_quality, checked_in_at) VALUES
                            ('e', '2026-11-21', 'tired', 3, 'poor', '2026-11-21T21:00:00.000Z'),
                            ('f', '2026-11-21', 'good', 7, 'good', '2026-11-21T07:00:00.000Z'),
                            ('g', '2026-11-22', 'great', 9, 'good', '2026-11-22T07:00:00.000Z');
                        """)
            }
            try queue.close()
            let clock = ManualClock(try JournalFixture.moment("2026-11-22T12:00:00Z"))
            // Read as it is first, by a command that only reads: the same answers from its rows.
            let asItIs = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(timeZone: .gmt), readOnly: true)
            let (oldWeek, oldAll, oldToday) = (
                try asItIs.progress(.week), try asItIs.progress(.all), try asItIs.today()
            )
            let journal = try FitnessJournal(path: path, clock: clock, newUser: JournalSettings(timeZone: .gmt))
            let report = try journal.progress(.all)
            #expect(report == oldAll)
            #expect(try journal.progress(.week) == oldWeek)
            #expect(try journal.today() == oldToday)
            #expect(report.days.map(\.workouts) == [3, 0, 1])
            #expect(report.days.map(\.minutes) == [95, 0, 60])
            #expect(report.mostFrequentType == MostFrequentType(type: .running, workouts: 2, minutes: 50))
            #expect(report.moodTrend.points.map(\.mood) == [.tired, .great])
            #expect(report.streak == Streak(current: 1, longest: 1))
            let reopened = try DatabaseQueue(path: path)
            let (stored, recounted) = try reopened.read { db in (try Self.stored(db), try Self.recounted(db)) }
            #expect(stored == recounted)
            #expect(stored.count == 3)
            try reopened.close()
        }
    }

    /// SQLite reads 30 February as 2 March; the summary's day number must not.
    @Test(
        "a stored date that is not a day is still an error of today and progress",
        arguments: ["2026-02-30", "2026-13-45"])
    func damagedDate(text: String) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("journal.sqlite")
            let clock = ManualClock(try JournalFixture.moment("2026-11-23T08:00:00Z"))
            let journal = try FitnessJournal(
                path: path, clock: clock, newUser: JournalSettings(timeZone: JournalFixture.london))
            try journal.logWorkout(NewWorkout(type: .yoga, durationMinutes: 20, intensity: .easy))
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE workouts SET date = ?", arguments: [text]) }
            try queue.close()
            for call in [{ _ = try journal.today() }, { _ = try journal.progress(.week) }] as [() throws -> Void] {
                let error = try #require(throws: JournalError.self) { try call() }
                #expect(error.code == "journal.unreadable")
                #expect(error.message.contains(text))
            }
        }
    }
}
