import Foundation
import GRDB
import TrainingCalendar

extension TrainingLog {
    /// The completed workouts, newest first (the newest `limit` when given), each exercise
    /// against its baseline: the previous workout of the same session that logged it.
    public func workoutHistory(limit: Int? = nil) throws(TrainingLogError) -> [WorkoutSummary] {
        try read { db, _ in
            let newest = try WorkoutRecord.filter(WorkoutRecord.Columns.state == WorkoutRecord.State.completed.rawValue)
                .order(WorkoutRecord.Columns.startedAt.desc).limit(limit ?? Int.max).fetchAll(db)
            return try workoutSummaries(db, ids: newest.map(\.id))
        }
    }

    /// Every submission of `exerciseID` in a completed workout, newest first, each compared with
    /// the one before it in any session; with the best set, the start weight and the volume per
    /// workout (`001_*` §16). An exercise the catalogue retired keeps its history and its name.
    public func exerciseHistory(_ exerciseID: String) throws(TrainingLogError) -> ExerciseHistory {
        try read { db, _ in
            let settings = try userSettings(db)
            // An id the catalogue does not know is a mistake (business rules §6): a retired exercise
            // keeps its catalogue row, with include_in_programme = 0.
            guard catalog.entry(exerciseID) != nil else {
                throw TrainingLogError(
                    .unknownExercise, "no exercise has the id \"\(exerciseID)\" (traindb query exercises lists them)")
            }
            let entries = try historyEntries(db, exerciseID: exerciseID, settings: settings)
            let allSets = entries.flatMap { entry in entry.sets }
            let bestSet = allSets.max { Self.isBetter($1, than: $0) }
            let first = entries.first?.sets.first
            let entry = catalog.entry(exerciseID)
            return ExerciseHistory(
                exerciseId: exerciseID, exerciseName: catalog.displayName(exerciseID),
                retired: !(entry?.includeInProgramme ?? false), bestSet: bestSet,
                startWeightKg: first?.weightKg, startWeight: first?.weight, unit: settings.unit,
                volumes: entries.map { ExerciseHistory.VolumePoint(date: $0.date, volumeKg: $0.volumeKg) },
                entries: entries.reversed())
        }
    }

    /// Every submitted entry of `exerciseID` in a completed workout, oldest first, each compared
    /// with the one before it and marked with the records it set: what the history shows.
    func historyEntries(_ db: Database, exerciseID: String, settings: UserSettings) throws -> [ExerciseEntry] {
        var entries: [ExerciseEntry] = []
        var previous: [PerformedSet]?
        var best = RecordMarks()
        var offsets = WallClockOffset(settings.timeZone)
        try forEachSubmission(db, exerciseID: exerciseID) { workoutID, started, session, sets in
            entries.append(
                entry(
                    workoutID: workoutID, date: offsets.date(at: started), sessionName: session,
                    exerciseID: exerciseID, sets: sets, compared: previous, records: best.update(with: sets),
                    unit: settings.unit))
            previous = sets
        }
        return entries
    }

    /// The records each completed workout set on `exerciseID` (its first submission there), by
    /// workout id: what a workout's summary reports as its PRs. The same walk and marks as the
    /// history's, without making a card per entry (completing a workout reads every earlier
    /// one of each of its exercises, and the cards were most of that cost).
    func recordsByWorkout(_ db: Database, exerciseID: String) throws -> [String: [String]] {
        var records: [String: [String]] = [:]
        var best = RecordMarks()
        try forEachSubmission(db, exerciseID: exerciseID) { workoutID, _, _, sets in
            let marks = best.update(with: sets)
            if records[workoutID] == nil { records[workoutID] = marks }
        }
        return records
    }

    /// Each submission of `exerciseID` in a completed workout, oldest first: its workout, start,
    /// session and completed sets.
    private func forEachSubmission(
        _ db: Database, exerciseID: String,
        _ body: (_ workoutID: String, _ started: Date, _ session: String, _ sets: [PerformedSet]) throws -> Void
    ) throws {
        // One ordered join, each submission's completed sets after it (none: one row of NULLs),
        // rather than the submissions and then their sets by an `IN` list of hundreds of ids.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT w.id, w.started_at, w.session_name, el.id, s.set_number, s.reps, s.weight_kg
                    FROM exercise_logs AS el JOIN workouts AS w ON w.id = el.workout_id
                    LEFT JOIN logged_sets AS s ON s.exercise_log_id = el.id AND s.completed = 1
                    WHERE el.performed_exercise_id = ? AND el.submitted_at IS NOT NULL AND w.state = 'completed'
                    ORDER BY w.started_at, el.position, el.id, s.set_number
                    """), arguments: [exerciseID])
        // The submission being read: its log, workout, start and session, and its sets so far.
        var current: (logID: String, workoutID: String, started: Date, session: String, sets: [PerformedSet])?
        while let row = try rows.next() {
            let logID = try row.decode(String.self, atIndex: 3)
            if logID != current?.logID {
                if let done = current { try body(done.workoutID, done.started, done.session, done.sets) }
                let workoutID = try row.decode(String.self, atIndex: 0)
                let startedAt = try row.decode(String.self, atIndex: 1)
                guard let started = Timestamp.parse(startedAt) else {
                    throw TrainingLogError(
                        .storeUnreadable, "workout \(workoutID) in \(name) has an unreadable start: \"\(startedAt)\"")
                }
                let session = try row.decode(String.self, atIndex: 2)
                current = (logID, workoutID, started, session, [])
            }
            if let number = try row.decode(Int?.self, atIndex: 4) {
                let (reps, weight) = (try row.decode(Int.self, atIndex: 5), try row.decode(Double.self, atIndex: 6))
                current?.sets.append(PerformedSet(number: number, reps: reps, weightKg: weight))
            }
        }
        if let done = current { try body(done.workoutID, done.started, done.session, done.sets) }
    }

    /// The summaries of the completed workouts `ids`, in that order.
    func workoutSummaries(_ db: Database, ids: [String]) throws -> [WorkoutSummary] {
        let settings = try userSettings(db)
        let workouts = try WorkoutRecord.filter(keys: ids).fetchAll(db)
        let byID = Dictionary(workouts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var summaries: [WorkoutSummary] = []
        var records: [String: [String: [String]]] = [:]
        for id in ids {
            guard let workout = byID[id], let completedAt = workout.completedAt else { continue }
            let logs = try exerciseLogs(db, workoutID: workout.id).filter { $0.submittedAt != nil }
            let setsByLog = try completedSets(db, logIDs: logs.map(\.id))
            let date = CalendarDate(workout.startedAt, in: settings.timeZone)
            var exercises: [ExerciseEntry] = []
            for log in logs {
                // The PRs the workout set: the ones the exercise's history marks on it.
                if records[log.performedExerciseId] == nil {
                    records[log.performedExerciseId] = try recordsByWorkout(db, exerciseID: log.performedExerciseId)
                }
                let baseline = try baseline(
                    db, exerciseID: log.performedExerciseId, sessionName: workout.sessionName, before: workout.startedAt
                )
                exercises.append(
                    entry(
                        workoutID: workout.id, date: date, sessionName: workout.sessionName,
                        exerciseID: log.performedExerciseId, sets: setsByLog[log.id] ?? [], compared: baseline,
                        records: records[log.performedExerciseId]?[workout.id] ?? [], unit: settings.unit))
            }
            let duration = workout.durationSeconds ?? 0
            summaries.append(
                WorkoutSummary(
                    id: workout.id, sessionId: workout.sessionId, sessionName: workout.sessionName, date: date,
                    startedAt: Timestamp.text(workout.startedAt), completedAt: Timestamp.text(completedAt),
                    durationSeconds: duration, duration: RestTimer.clock(duration),
                    firstTime: workout.increasedReps == nil, increasedReps: workout.increasedReps,
                    increasedLoadKg: workout.increasedLoadKg, unit: settings.unit, exercises: exercises))
        }
        return summaries
    }

    /// The completed sets of `logIDs`, by log, each by set number.
    private func completedSets(_ db: Database, logIDs: [String]) throws -> [String: [PerformedSet]] {
        // Plain rows of the four columns the rules read: a history decodes thousands of sets.
        typealias Set = LoggedSetRecord.Columns
        let request =
            LoggedSetRecord
            .select(Set.exerciseLogId, Set.setNumber, Set.reps, Set.weightKg)
            .filter(logIDs.contains(Set.exerciseLogId) && Set.completed == true)
            .order(Set.exerciseLogId, Set.setNumber)
        var sets: [String: [PerformedSet]] = [:]
        for row in try Row.fetchAll(db, request) {
            sets[row[0], default: []].append(PerformedSet(number: row[1], reps: row[2], weightKg: row[3]))
        }
        return sets
    }

    /// A history card: `sets` compared set by set with `compared` (the `+N`) and as a whole
    /// (the rosette).
    private func entry(
        workoutID: String, date: CalendarDate, sessionName: String, exerciseID: String, sets: [PerformedSet],
        compared: [PerformedSet]?, records: [String], unit: WeightUnit
    ) -> ExerciseEntry {
        let earlier = Dictionary((compared ?? []).map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let views = sets.map { set -> SetView in
            guard let then = earlier[set.number], set.reps > then.reps, set.weightKg >= then.weightKg else {
                return SetView(set, unit: unit)
            }
            return SetView(set, unit: unit, gain: "+\(set.reps - then.reps)")
        }
        let reps = sets.reduce(0) { $0 + $1.reps }
        let volume = sets.reduce(0) { $0 + $1.volumeKg }
        let progressed =
            compared.map { then in
                reps > then.reduce(0) { $0 + $1.reps }
                    || PerformedSet.tenths(volume) > PerformedSet.tenths(then.reduce(0) { $0 + $1.volumeKg })
            } ?? false
        return ExerciseEntry(
            workoutId: workoutID, date: date, sessionName: sessionName, exerciseId: exerciseID,
            exerciseName: catalog.displayName(exerciseID), sets: views, totalReps: reps, volumeKg: volume,
            progressed: progressed, records: records)
    }

    /// The best set's order: larger weight × reps, then heavier, then more reps.
    static func isBetter(_ set: SetView, than other: SetView) -> Bool {
        let volume = PerformedSet.tenths(set.weightKg * Double(set.reps))
        let otherVolume = PerformedSet.tenths(other.weightKg * Double(other.reps))
        if volume != otherVolume { return volume > otherVolume }
        let (weight, otherWeight) = (PerformedSet.tenths(set.weightKg), PerformedSet.tenths(other.weightKg))
        if weight != otherWeight { return weight > otherWeight }
        return set.reps > other.reps
    }
}

/// The bests so far of an exercise's history, to mark the entries that beat all before them.
private struct RecordMarks {
    var bestSet: Int?
    var heaviest: Int?
    var volume: Int?

    /// The records `sets` sets against the bests so far (none for the first entry), then
    /// takes them in; compared in tenths of a kilogram, so equal work never sets a record.
    mutating func update(with sets: [PerformedSet]) -> [String] {
        let setBest = PerformedSet.tenths(sets.map(\.volumeKg).max() ?? 0)
        let weight = PerformedSet.tenths(sets.map(\.weightKg).max() ?? 0)
        let total = PerformedSet.tenths(sets.reduce(0) { $0 + $1.volumeKg })
        var records: [String] = []
        if let bestSet, setBest > bestSet { records.append("best_set") }
        if let heaviest, weight > heaviest { records.append("heaviest") }
        if let volume, total > volume { records.append("volume") }
        bestSet = max(bestSet ?? setBest, setBest)
        heaviest = max(heaviest ?? weight, weight)
        volume = max(volume ?? total, total)
        return records
    }
}
