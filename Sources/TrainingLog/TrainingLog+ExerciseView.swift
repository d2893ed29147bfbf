import Foundation
import GRDB
import TrainingCalendar

extension TrainingLog {
    /// What the rules compare an exercise of a workout with: its baseline (same session) and
    /// its last submission (any session).
    struct ExerciseContext {
        var baseline: [PerformedSet]?
        var previous: (log: ExerciseLogRecord, sets: [PerformedSet])?

        /// The previous submission's load.
        var lastWorkingWeightKg: Double? {
            previous.flatMap { TrainingLog.workingLoad($0.sets, prescribed: $0.log.prescribedSets) }
        }

        /// True when the previous submission was below target (business rules §8: the second,
        /// third or later workout in a row below target steps the load down to 90% each time).
        var belowLastTime: Bool {
            previous?.log.outcome == .below
        }
    }

    func context(_ db: Database, of log: ExerciseLogRecord, in workout: WorkoutRecord) throws -> ExerciseContext {
        ExerciseContext(
            baseline: try baseline(
                db, exerciseID: log.performedExerciseId, sessionName: workout.sessionName, before: workout.startedAt),
            previous: try previousSubmission(db, exerciseID: log.performedExerciseId, before: workout.startedAt))
    }

    /// The logger's view of `log` with its `sets`.
    func exerciseView(
        _ log: ExerciseLogRecord, sets: [LoggedSetRecord], context: ExerciseContext, unit: WeightUnit
    ) -> ExerciseView {
        let performed = sets.map(\.performed)
        return ExerciseView(
            slotId: log.slotId, position: log.position, exerciseId: log.performedExerciseId,
            exerciseName: catalog.displayName(log.performedExerciseId),
            swappedFrom: log.prescribedExerciseId == log.performedExerciseId ? nil : log.prescribedExerciseId,
            prescribedSets: log.prescribedSets, repRange: log.repRange, restSeconds: log.restSeconds,
            sets: performed.map { SetView($0, unit: unit) },
            repCounter: RepCounter(sets: performed, baseline: context.baseline),
            warmUp: WarmUpSuggestion(lastWorkingWeightKg: context.lastWorkingWeightKg, unit: unit),
            submitted: log.submittedAt != nil, outcome: log.outcome, notes: log.notes)
    }

    /// The open workout as the overview shows it at `now`.
    func workoutView(_ db: Database, _ workout: WorkoutRecord, unit: WeightUnit, now: Date) throws -> WorkoutView {
        let logs = try exerciseLogs(db, workoutID: workout.id)
        var exercises: [ExerciseView] = []
        for log in logs {
            let sets = try sets(db, exerciseLogID: log.id)
            exercises.append(exerciseView(log, sets: sets, context: try context(db, of: log, in: workout), unit: unit))
        }
        return WorkoutView(
            id: workout.id, sessionId: workout.sessionId, sessionName: workout.sessionName,
            startedAt: Timestamp.text(workout.startedAt),
            elapsedSeconds: max(0, Int(now.timeIntervalSince(workout.startedAt))), unit: unit, exercises: exercises,
            restTimer: try restTimer(db, workout, logs: logs, now: now))
    }

    /// The rest timer of `workout` at `now`: started by its last completed set, at that
    /// exercise's rest.
    func restTimer(_ db: Database, _ workout: WorkoutRecord, logs: [ExerciseLogRecord], now: Date) throws -> RestTimer?
    {
        let request = cached(
            """
            SELECT s.* FROM logged_sets AS s JOIN exercise_logs AS el ON el.id = s.exercise_log_id
            WHERE el.workout_id = \(workout.id) AND s.completed = 1
            ORDER BY s.completed_at DESC, s.set_number DESC LIMIT 1
            """, as: LoggedSetRecord.self)
        guard let last = try request.fetchOne(db),
            let rest = logs.first(where: { $0.id == last.exerciseLogId })?.restSeconds
        else { return nil }
        return RestTimer(
            lastCompletion: last.completedAt, restSeconds: rest, dismissedAt: workout.restDismissedAt, now: now)
    }
}
