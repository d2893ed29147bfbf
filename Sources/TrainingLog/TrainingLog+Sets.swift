import Foundation
import GRDB

extension TrainingLog {
    /// Adds a set to `exercise` of the open workout (the next set number): ticked complete
    /// unless `completed` is false. Completing a set starts the rest timer. The entry is checked
    /// against business rules §6 before anything is written.
    @discardableResult
    public func logSet(
        exercise: String, _ entry: SetEntry, completed: Bool = true
    ) throws(TrainingLogError) -> SetLogged {
        let kilograms = try entry.checkedKilograms()
        return try write { db, now in
            let workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            let log = try exerciseLog(db, in: workout, named: exercise)
            let existing = try sets(db, exerciseLogID: log.id)
            let set = LoggedSetRecord(
                id: ids.next(at: now), exerciseLogId: log.id, setNumber: (existing.map(\.setNumber).max() ?? 0) + 1,
                reps: entry.reps, weightKg: kilograms, completed: completed, completedAt: completed ? now : nil,
                loggedAt: now, updatedAt: now)
            try set.insert(db)
            return try setLogged(db, set, log: log, workout: workout, sets: existing + [set], now: now)
        }
    }

    /// Changes set `number` of `exercise`: its reps and weight (when `entry` is given) and
    /// whether it is complete (when `completed` is given). Ticking a set complete restarts the
    /// rest timer; a submitted exercise keeps its prompt until it is submitted again.
    @discardableResult
    public func editSet(
        exercise: String, number: Int, _ entry: SetEntry? = nil, completed: Bool? = nil
    ) throws(TrainingLogError) -> SetLogged {
        let kilograms = try entry?.checkedKilograms()
        return try write { db, now in
            let workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            let log = try exerciseLog(db, in: workout, named: exercise)
            var all = try sets(db, exerciseLogID: log.id)
            guard let index = all.firstIndex(where: { $0.setNumber == number }) else {
                throw TrainingLogError(
                    .unknownSet, "\(catalog.displayName(log.performedExerciseId)) has no set \(number) in this workout")
            }
            var set = all[index]
            if let entry, let kilograms {
                set.reps = entry.reps
                set.weightKg = kilograms
            }
            if let completed, completed != set.completed {
                set.completed = completed
                set.completedAt = completed ? now : nil
            }
            set.updatedAt = now
            try set.update(db)
            all[index] = set
            return try setLogged(db, set, log: log, workout: workout, sets: all, now: now)
        }
    }

    private func setLogged(
        _ db: Database, _ set: LoggedSetRecord, log: ExerciseLogRecord, workout: WorkoutRecord,
        sets: [LoggedSetRecord], now: Date
    ) throws -> SetLogged {
        let unit = try userSettings(db).unit
        let view = exerciseView(log, sets: sets, context: try context(db, of: log, in: workout), unit: unit)
        let logs = try exerciseLogs(db, workoutID: workout.id)
        return SetLogged(
            set: SetView(set.performed, unit: unit), exercise: view,
            restTimer: try restTimer(db, workout, logs: logs, now: now))
    }
}
