import Foundation
import GRDB
import ProgrammeGenerator
import TrainingCalendar

extension TrainingLog {
    /// Opens a workout of the active programme's session `session` (its id, `day-1`, or its
    /// name, `Push`, in any case), with one exercise per slot. Refused while another is open.
    @discardableResult
    public func startWorkout(session: String) throws(TrainingLogError) -> WorkoutView {
        try write { db, now in
            try requireSubscription(db, now: now)
            let active = try requireActiveProgramme(db)
            let today = CalendarDate(now, in: try userSettings(db).timeZone)
            guard today >= active.record.startDate else {
                throw TrainingLogError(
                    .invalidMoment,
                    "today, \(today), is before the programme starts, on \(active.record.startDate): "
                        + "a workout is never before its programme's start date")
            }
            let wanted = session.lowercased()
            guard
                let chosen = active.programme.sessions.first(where: { $0.id == session })
                    ?? active.programme.sessions.first(where: { $0.dayName.lowercased() == wanted })
            else {
                let names = active.programme.sessions.map { "\($0.dayName) (\($0.id))" }.joined(separator: ", ")
                throw TrainingLogError(.unknownSession, "the programme has no session \"\(session)\"; it has \(names)")
            }
            if let open = try openWorkout(db) {
                throw TrainingLogError(
                    .workoutOpen, "a \(open.sessionName) workout is already open: complete or discard it first")
            }
            let workout = WorkoutRecord(
                id: ids.next(at: now), programmeId: active.record.id, sessionId: chosen.id, sessionName: chosen.dayName,
                state: .open, startedAt: now, updatedAt: now)
            try workout.insert(db)
            for (offset, exercise) in chosen.exercises.enumerated() {
                let range = RepRange(exercise.repRange) ?? RepRange(low: 1, high: 1)
                try ExerciseLogRecord(
                    id: ids.next(at: now), workoutId: workout.id, slotId: exercise.id, position: offset + 1,
                    prescribedExerciseId: exercise.exerciseId, performedExerciseId: exercise.exerciseId,
                    prescribedSets: max(exercise.sets, 1), repRangeLow: range.low, repRangeHigh: range.high,
                    restSeconds: max(exercise.restSeconds, 0), updatedAt: now
                ).insert(db)
            }
            return try workoutView(db, workout, unit: userSettings(db).unit, now: now)
        }
    }

    /// The open workout at this moment, or nil when none is open: after a restart the app resumes
    /// it from here.
    public func currentWorkout() throws(TrainingLogError) -> WorkoutView? {
        try read { db, now in
            guard let workout = try openWorkout(db) else { return nil }
            return try workoutView(db, workout, unit: userSettings(db).unit, now: now)
        }
    }

    /// Stops the rest timer early.
    @discardableResult
    public func dismissRestTimer() throws(TrainingLogError) -> WorkoutView {
        try write { db, now in
            var workout = try requireOpenWorkout(db)
            workout.restDismissedAt = now
            workout.updatedAt = now
            try workout.update(db)
            return try workoutView(db, workout, unit: userSettings(db).unit, now: now)
        }
    }

    /// Completes the open workout: records its duration (start to last submission) and the
    /// totals against each exercise's baseline (business rules §9). Needs at least one
    /// submitted exercise; exercises never submitted are left out of the history.
    @discardableResult
    public func completeWorkout() throws(TrainingLogError) -> WorkoutSummary {
        try write { db, now in
            var workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            let submitted = try exerciseLogs(db, workoutID: workout.id).filter { $0.submittedAt != nil }
            guard let lastSubmission = submitted.compactMap(\.submittedAt).max() else {
                throw TrainingLogError(.nothingSubmitted, "submit at least one exercise before completing the workout")
            }
            let hasEarlier = try !WorkoutRecord.filter(
                WorkoutRecord.Columns.state == WorkoutRecord.State.completed.rawValue
                    && WorkoutRecord.Columns.sessionName == workout.sessionName
            ).isEmpty(db)
            var reps = 0
            var load = 0.0
            for log in submitted {
                guard
                    let baseline = try baseline(
                        db, exerciseID: log.performedExerciseId, sessionName: workout.sessionName,
                        before: workout.startedAt)
                else { continue }
                let difference = RepCounter.change(
                    try sets(db, exerciseLogID: log.id).map(\.performed), baseline)
                reps += difference.reps
                load += difference.volumeKg
            }
            workout.state = .completed
            workout.completedAt = now
            workout.durationSeconds = max(0, Int(lastSubmission.timeIntervalSince(workout.startedAt).rounded()))
            workout.increasedReps = hasEarlier ? reps : nil
            workout.increasedLoadKg = hasEarlier ? load : nil
            workout.updatedAt = now
            try workout.update(db)
            logger.info("completed a workout", metadata: ["session": "\(workout.sessionName)"])
            guard let summary = try workoutSummaries(db, ids: [workout.id]).first else {
                throw TrainingLogError(.storeUnreadable, "the completed workout \(workout.id) cannot be read")
            }
            return summary
        }
    }

    /// Discards the open workout: it and its exercises and sets are deleted, and nothing of them
    /// remains, but for the ids of rows a server has already seen (so that a sync deletes them
    /// there too).
    @discardableResult
    public func discardWorkout() throws(TrainingLogError) -> WorkoutDiscarded {
        try write { db, now in
            let workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            let logs = try exerciseLogs(db, workoutID: workout.id)
            let sets = try LoggedSetRecord.filter(logs.map(\.id).contains(LoggedSetRecord.Columns.exerciseLogId))
                .fetchAll(db)
            let synced =
                [(workout.id, workout.syncedAt, WorkoutRecord.databaseTableName)]
                + logs.map { ($0.id, $0.syncedAt, ExerciseLogRecord.databaseTableName) }
                + sets.map { ($0.id, $0.syncedAt, LoggedSetRecord.databaseTableName) }
            for (id, syncedAt, table) in synced where syncedAt != nil {
                try DeletedRowRecord(rowId: id, tableName: table, deletedAt: now).insert(db)
            }
            // Exercises and sets go with the workout (ON DELETE CASCADE).
            try workout.delete(db)
            return WorkoutDiscarded(id: workout.id, sessionName: workout.sessionName, setsDiscarded: sets.count)
        }
    }
}
