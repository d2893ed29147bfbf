import Foundation
import GRDB
import TrainingCalendar
import UserStore

/// Workouts and check-ins: save, delete, list.
extension FitnessJournal {
    /// True when the journal holds no workout and no check-in (its settings aside): what a
    /// replay starts from, as the training log's and GymTrack's do.
    public func isEmpty() throws(JournalError) -> Bool {
        try read { db, _ in try WorkoutRecord.fetchCount(db) == 0 && CheckInRecord.fetchCount(db) == 0 }
    }

    /// Saves `workout` as of now, on today's date in the user's time zone.
    @discardableResult
    public func logWorkout(_ workout: NewWorkout) throws(JournalError) -> WorkoutEntry {
        try workout.validate()
        return try write { db, now in
            let today = CalendarDate(now, in: try settings(db).timeZone)
            let record = WorkoutRecord(
                id: ids.next(at: now), date: today.description, exerciseType: workout.type,
                durationMinutes: workout.durationMinutes, intensity: workout.intensity,
                notes: Notes.stored(workout.notes), loggedAt: now)
            try record.insert(db)
            logger.debug("logged workout", metadata: ["id": "\(record.id)", "date": "\(today)"])
            return try record.entry()
        }
    }

    /// Deletes the workout `id` (its whole id or its first characters, as the lists show them:
    /// `#3f2a9c1e`) and returns it; throws when there is none, or when the characters start the
    /// ids of several workouts.
    @discardableResult
    public func deleteWorkout(id: String) throws(JournalError) -> WorkoutEntry {
        guard let prefix = RowIDPrefix(id) else {
            throw .invalid("id", "must be \(RowIDPrefix.expected), not \"\(id.prefix(40))\"")
        }
        return try write { db, _ in
            let matches = try WorkoutRecord.filter(sql: "id GLOB ?", arguments: [prefix.pattern]).limit(2).fetchAll(db)
            guard let record = matches.first else {
                throw JournalError(.unknownWorkout, "there is no workout #\(prefix)")
            }
            guard matches.count == 1 else {
                throw JournalError(.unknownWorkout, "#\(prefix) starts the ids of several workouts: give more of it")
            }
            try record.delete(db)
            return try record.entry()
        }
    }

    /// The workouts of `date` (default: today), in the order they were logged.
    public func workouts(on date: CalendarDate? = nil) throws(JournalError) -> [WorkoutEntry] {
        try read { db, now in
            let day = try date ?? CalendarDate(now, in: settings(db).timeZone)
            return try Self.workouts(db, day...day)
        }
    }

    /// Every workout, oldest first.
    public func allWorkouts() throws(JournalError) -> [WorkoutEntry] {
        try read { db, _ in try Self.workouts(db) }
    }

    /// Saves `checkIn` as of now.
    @discardableResult
    public func checkIn(_ checkIn: NewCheckIn) throws(JournalError) -> CheckIn {
        try checkIn.validate()
        return try write { db, now in
            let today = CalendarDate(now, in: try settings(db).timeZone)
            let record = CheckInRecord(
                id: ids.next(at: now), date: today.description, mood: checkIn.mood, energyLevel: checkIn.energyLevel,
                sleepQuality: checkIn.sleepQuality, notes: Notes.stored(checkIn.notes), checkedInAt: now)
            try record.insert(db)
            return try record.checkIn()
        }
    }

    /// The last check-in saved, if any: "Last check-in: …".
    public func lastCheckIn() throws(JournalError) -> CheckIn? {
        try read { db, _ in try Self.lastCheckIn(db) }
    }

    /// Every check-in, in the order they were saved.
    static func checkIns(_ db: Database) throws -> [CheckIn] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, \(dayNumber), mood, energy_level, sleep_quality, notes, checked_in_at FROM check_ins
                ORDER BY checked_in_at, rowid
                """)
        var checkIns: [CheckIn] = []
        while let row = try rows.next() {
            guard let mood = Mood(rawValue: row[2]), let sleep = SleepQuality(rawValue: row[4]) else {
                throw JournalError(.storeUnreadable, "check-in \(row[0] as String) is not readable")
            }
            checkIns.append(
                CheckIn(
                    id: row[0], date: CalendarDate(dayNumber: row[1]), mood: mood, energyLevel: row[3],
                    sleepQuality: sleep, notes: row[5], checkedInAt: row[6]))
        }
        return checkIns
    }

    static func lastCheckIn(_ db: Database) throws -> CheckIn? {
        // A kept statement: today's screen reads it on every call.
        try SQLRequest<CheckInRecord>(
            sql: "SELECT * FROM check_ins ORDER BY checked_in_at DESC, rowid DESC LIMIT 1", cached: true
        ).fetchOne(db)?.checkIn()
    }

    /// Every check-in, oldest first.
    public func allCheckIns() throws(JournalError) -> [CheckIn] {
        try read { db, _ in try Self.checkIns(db) }
    }
}
