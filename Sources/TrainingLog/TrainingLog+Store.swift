import Foundation
import GRDB
import ProgrammeGenerator
import TrainingCalendar

/// The look-ups every call shares, each inside the caller's transaction.
extension TrainingLog {
    /// A request for rows of `Record` whose prepared statement the connection keeps: the log's
    /// look-ups run on every call, and preparing a statement costs more than running it.
    func cached<Record: FetchableRecord>(_ sql: SQL, as: Record.Type) -> SQLRequest<Record> {
        SQLRequest(literal: sql, cached: true)
    }

    /// The active programme's row and its programme.
    struct ActiveProgramme {
        var record: ProgrammeRecord
        var programme: Programme
    }

    func userSettings(_ db: Database) throws -> UserSettings {
        guard let record = try cached("SELECT * FROM user_settings LIMIT 1", as: UserSettingsRecord.self).fetchOne(db)
        else {
            throw TrainingLogError(.invalidSettings, "the training log \(name) has no settings row")
        }
        guard let timeZone = TimeZone(identifier: record.timeZone) else {
            throw TrainingLogError(.invalidSettings, "the stored time zone \"\(record.timeZone)\" is not a time zone")
        }
        return UserSettings(unit: record.weightUnit, timeZone: timeZone)
    }

    func activeProgramme(_ db: Database) throws -> ActiveProgramme? {
        let active = ProgrammeRecord.filter(ProgrammeRecord.Columns.isActive == true)
        guard let record = try active.fetchOne(db) else { return nil }
        return ActiveProgramme(record: record, programme: try programmes.programme(of: record))
    }

    func requireActiveProgramme(_ db: Database) throws -> ActiveProgramme {
        guard let active = try activeProgramme(db) else {
            throw TrainingLogError(.noProgramme, "no programme has been started: start one from a questionnaire first")
        }
        return active
    }

    func openWorkout(_ db: Database) throws -> WorkoutRecord? {
        let open = WorkoutRecord.State.open.rawValue
        return try cached("SELECT * FROM workouts WHERE state = \(open) LIMIT 1", as: WorkoutRecord.self).fetchOne(db)
    }

    func requireOpenWorkout(_ db: Database) throws -> WorkoutRecord {
        guard let workout = try openWorkout(db) else {
            throw TrainingLogError(.noOpenWorkout, "no workout is open: start a session first")
        }
        return workout
    }

    func exerciseLogs(_ db: Database, workoutID: String) throws -> [ExerciseLogRecord] {
        try cached(
            "SELECT * FROM exercise_logs WHERE workout_id = \(workoutID) ORDER BY position", as: ExerciseLogRecord.self
        ).fetchAll(db)
    }

    func sets(_ db: Database, exerciseLogID: String) throws -> [LoggedSetRecord] {
        try cached(
            "SELECT * FROM logged_sets WHERE exercise_log_id = \(exerciseLogID) ORDER BY set_number",
            as: LoggedSetRecord.self
        ).fetchAll(db)
    }

    /// The exercise of the open workout that `exercise` names: the performed exercise's id, else
    /// the prescribed one's, else the slot's id; the first by position when several match.
    func exerciseLog(_ db: Database, in workout: WorkoutRecord, named exercise: String) throws -> ExerciseLogRecord {
        let logs = try exerciseLogs(db, workoutID: workout.id)
        let match =
            logs.first { $0.performedExerciseId == exercise }
            ?? logs.first { $0.prescribedExerciseId == exercise } ?? logs.first { $0.slotId == exercise }
        guard let match else {
            // An id the catalogue does not know is a mistake of the id, not of the workout (§6).
            if catalog.entry(exercise) == nil, !logs.contains(where: { $0.slotId == exercise }) {
                throw TrainingLogError(
                    .unknownExercise,
                    "the catalogue has no exercise \"\(exercise)\" (traindb query exercises lists them)")
            }
            let names = logs.map(\.performedExerciseId).joined(separator: ", ")
            throw TrainingLogError(
                .unknownExercise, "the \(workout.sessionName) workout has no exercise \"\(exercise)\"; it has \(names)")
        }
        return match
    }

    /// The completed sets of the baseline (business rules §7): the last completed workout of
    /// session `sessionName`, started before `before`, that submitted `exerciseID`. Nil when
    /// there is none.
    func baseline(_ db: Database, exerciseID: String, sessionName: String, before: Date) throws -> [PerformedSet]? {
        let request = cached(
            """
            SELECT el.* FROM exercise_logs AS el JOIN workouts AS w ON w.id = el.workout_id
            WHERE el.performed_exercise_id = \(exerciseID) AND el.submitted_at IS NOT NULL
              AND w.state = 'completed' AND w.session_name = \(sessionName) AND w.started_at < \(Timestamp.text(before))
            ORDER BY w.started_at DESC, el.position LIMIT 1
            """, as: ExerciseLogRecord.self)
        guard let log = try request.fetchOne(db) else { return nil }
        return try sets(db, exerciseLogID: log.id).map(\.performed).filter(\.completed)
    }

    /// The last submission of `exerciseID` in a completed workout started before `before`, in
    /// any session, with its sets: the warm-up's last working weight and "below target last
    /// time".
    func previousSubmission(
        _ db: Database, exerciseID: String, before: Date
    ) throws -> (log: ExerciseLogRecord, sets: [PerformedSet])? {
        let request = cached(
            """
            SELECT el.* FROM exercise_logs AS el JOIN workouts AS w ON w.id = el.workout_id
            WHERE el.performed_exercise_id = \(exerciseID) AND el.submitted_at IS NOT NULL
              AND w.state = 'completed' AND w.started_at < \(Timestamp.text(before))
            ORDER BY w.started_at DESC, el.position LIMIT 1
            """, as: ExerciseLogRecord.self)
        guard let log = try request.fetchOne(db) else { return nil }
        return (log, try sets(db, exerciseLogID: log.id).map(\.performed))
    }

    /// The heaviest of the first `prescribed` completed sets: "the load" of business rules §8.
    static func workingLoad(_ sets: [PerformedSet], prescribed: Int) -> Double? {
        sets.completedByNumber.prefix(prescribed).map(\.weightKg).max()
    }
}
