import Foundation
import GRDB
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar
import UserInput

extension TrainingLog {
    /// The user's unit and time zone.
    public func settings() throws(TrainingLogError) -> UserSettings {
        try read { db, _ in try userSettings(db) }
    }

    /// Changes the unit, the time zone or both; weights already logged stay in kilograms.
    @discardableResult
    public func updateSettings(
        unit: WeightUnit? = nil, timeZone: TimeZone? = nil
    ) throws(TrainingLogError) -> UserSettings {
        try write { db, now in
            guard var record = try UserSettingsRecord.fetchOne(db) else {
                throw TrainingLogError(.invalidSettings, "the training log \(name) has no settings row")
            }
            if let unit { record.weightUnit = unit }
            if let timeZone { record.timeZone = timeZone.identifier }
            record.updatedAt = now
            try record.update(db)
            return try userSettings(db)
        }
    }

    /// Makes `programme` the active programme, starting on `startDate` (default: today on the
    /// user's wall clock); week 1 is the week holding that date. A programme already active is
    /// replaced, and every log is kept. Refused while a workout is open. When the questionnaire
    /// answers any About-you question, its answers (checked as the questionnaire's rules say)
    /// become the profile: retaking the questionnaire replaces them.
    @discardableResult
    public func startProgramme(
        _ programme: Programme, questionnaireJSON: String, startDate: CalendarDate? = nil
    ) throws(TrainingLogError) -> ProgrammeStarted {
        guard !programme.sessions.isEmpty, programme.totalWeeks >= 1 else {
            throw TrainingLogError(.invalidProgramme, "the programme \(programme.id) has no session or no week")
        }
        for exercise in programme.sessions.flatMap(\.exercises) where RepRange(exercise.repRange) == nil {
            throw TrainingLogError(
                .invalidProgramme, "\(exercise.exerciseId) has the rep range \"\(exercise.repRange)\", not LOW-HIGH")
        }
        let json: String
        do {
            json = try OrderedJSONEncoder().encodeText(programme)
        } catch {
            throw TrainingLogError(.invalidProgramme, "the programme \(programme.id) cannot be stored: \(error)")
        }
        let questionnaire: Questionnaire
        do {
            questionnaire = try Questionnaire(json: Data(questionnaireJSON.utf8))
        } catch {
            throw TrainingLogError(.invalidProgramme, "the questionnaire cannot be read: \(error.message)")
        }
        if let startDate, let problem = UserInput.dateProblem(startDate, field: "start date") {
            throw TrainingLogError(.invalidProgramme, problem)
        }
        return try write { db, now in
            try requireSubscription(db, now: now)
            if let open = try openWorkout(db) {
                throw TrainingLogError(
                    .workoutOpen, "a \(open.sessionName) workout is open: complete or discard it before a new programme"
                )
            }
            let settings = try userSettings(db)
            var replaced: String?
            if var active = try ProgrammeRecord.filter(ProgrammeRecord.Columns.isActive == true).fetchOne(db) {
                active.isActive = false
                active.replacedAt = now
                active.updatedAt = now
                try active.update(db)
                replaced = active.programmeId
            }
            let today = CalendarDate(now, in: settings.timeZone)
            let start = startDate ?? today
            let aboutYou: AboutYou
            do {
                aboutYou = try AboutYou(questionnaire, answeredOn: today)
            } catch let error as ProgrammeGeneratorError {
                let problems = error.diagnostics.map(\.message).joined(separator: "; ")
                throw TrainingLogError(.invalidProgramme, "the questionnaire's About-you answers: \(problems)")
            }
            if !aboutYou.isEmpty { try storeProfile(db, aboutYou, now: now) }
            try ProgrammeRecord(
                id: ids.next(at: now), programmeId: programme.id, createdDate: programme.createdDate, startDate: start,
                totalWeeks: programme.totalWeeks, questionnaire: questionnaireJSON, programme: json, isActive: true,
                startedAt: now, replacedAt: nil, updatedAt: now, syncedAt: nil
            ).insert(db)
            logger.info("started a programme", metadata: ["programme": "\(programme.id)", "start": "\(start)"])
            return ProgrammeStarted(
                id: try requireActiveProgramme(db).record.id, programmeId: programme.id,
                createdDate: programme.createdDate, startDate: start, totalWeeks: programme.totalWeeks,
                sessions: programme.sessions.map {
                    ProgrammeStarted.Session(
                        id: $0.id, dayName: $0.dayName, weekday: $0.weekday, exercises: $0.exercises.count)
                },
                replacedProgrammeId: replaced)
        }
    }

    /// True while no programme has been started and no workout logged: a replay starts here.
    public func isEmpty() throws(TrainingLogError) -> Bool {
        try read { db, _ in try ProgrammeRecord.fetchCount(db) == 0 && WorkoutRecord.fetchCount(db) == 0 }
    }

    /// The active programme, as generated; nil before the first one.
    public func activeProgramme() throws(TrainingLogError) -> Programme? {
        try read { db, _ in try activeProgramme(db)?.programme }
    }
}
