import Foundation
import GRDB
import ProgrammeGenerator
import UserInput

extension TrainingLog {
    /// Submits `exercise` of the open workout: the prompt of business rules §8 against its
    /// baseline, stored with the exercise (and computed again on a later submission). Needs at
    /// least one completed set; sets left incomplete are allowed and reported.
    @discardableResult
    public func submit(exercise: String, notes: String? = nil) throws(TrainingLogError) -> ExerciseSubmitted {
        if let notes { try Self.checkNotes(notes) }
        return try write { db, now in
            let workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            var log = try exerciseLog(db, in: workout, named: exercise)
            let sets = try sets(db, exerciseLogID: log.id)
            let name = catalog.displayName(log.performedExerciseId)
            guard sets.contains(where: \.completed) else {
                throw TrainingLogError(.noCompletedSet, "complete at least one set of \(name) before submitting it")
            }
            let settings = try userSettings(db)
            let context = try context(db, of: log, in: workout)
            let entry = catalog.entry(log.performedExerciseId)
            let performed = sets.map(\.performed)
            let load = Self.workingLoad(performed, prescribed: log.prescribedSets) ?? 0
            let unloaded = (entry?.isBodyweight ?? false) && load == 0
            let prompt = ProgressionPrompt(
                prescribedSets: log.prescribedSets, repRange: log.repRange, sets: performed,
                baseline: context.baseline, belowLastTime: context.belowLastTime,
                increment: entry?.increment ?? LoadIncrement(kind: .standard),
                unloaded: unloaded, unit: settings.unit, sessionName: workout.sessionName,
                harderVariation: unloaded ? harderVariation(of: log.performedExerciseId) : nil)
            log.submittedAt = now
            log.outcome = prompt.outcome
            log.nextLoadKg = prompt.nextLoadKg
            log.deloaded = prompt.deload
            if let notes { log.notes = notes }
            log.updatedAt = now
            try log.update(db)
            return ExerciseSubmitted(
                exercise: exerciseView(log, sets: sets, context: context, unit: settings.unit), prompt: prompt,
                nextLoad: settings.unit.text(prompt.nextLoadKg))
        }
    }

    /// Swaps `exercise` of the open workout for `replacement`, another exercise of its swap group
    /// (business rules §5): the slot keeps its prescription, and the log keeps both the
    /// prescribed and the performed exercise. Refused once a set of it is logged.
    @discardableResult
    public func swap(exercise: String, for replacement: String) throws(TrainingLogError) -> ExerciseSwapped {
        try write { db, now in
            let workout = try requireOpenWorkout(db)
            try Self.checkOrder(now, after: workout)
            var log = try exerciseLog(db, in: workout, named: exercise)
            let current = log.performedExerciseId
            guard let new = catalog.entry(replacement) else {
                throw TrainingLogError(.swapRefused, "the catalogue has no exercise \"\(replacement)\"")
            }
            let (allowed, profile) = try swapAlternatives(db, for: log, in: workout)
            guard replacement != current, replacement == log.prescribedExerciseId || allowed.contains(replacement)
            else {
                let listed = allowed.filter { $0 != current }.map(catalog.displayName)
                throw TrainingLogError(
                    .swapRefused,
                    "\(new.displayName) is not an alternative to \(catalog.displayName(current)) for this user: "
                        + swapRefusalReason(replacement, prescribed: log.prescribedExerciseId, profile: profile)
                        + " (traindb swap lists \(listed.isEmpty ? "none" : listed.joined(separator: ", ")))")
            }
            guard try sets(db, exerciseLogID: log.id).isEmpty else {
                throw TrainingLogError(
                    .swapRefused,
                    "\(catalog.displayName(current)) already has sets in this workout: swap before logging")
            }
            log.performedExerciseId = replacement
            log.updatedAt = now
            try log.update(db)
            let unit = try userSettings(db).unit
            return ExerciseSwapped(
                exercise: exerciseView(log, sets: [], context: try context(db, of: log, in: workout), unit: unit),
                previousExerciseId: current)
        }
    }
}

extension TrainingLog {
    /// The most characters of an exercise's notes (business rules §6, as the journal's).
    public static let notesLength = 1_000

    /// Refuses notes longer than `notesLength` or holding control characters other than line
    /// breaks (`UserInput`'s rule, a tab refused as in the journal), before anything is written.
    /// Characters are counted as the server and SQLite count them (Unicode scalars: an accent
    /// written apart from its letter is one more), so that notes taken here always sync.
    static func checkNotes(_ notes: String) throws(TrainingLogError) {
        let length = notes.unicodeScalars.count
        guard length <= notesLength else {
            throw TrainingLogError(.invalidNotes, "notes: \(length) characters, at most \(notesLength)")
        }
        if let problem = UserInput.controlProblem(in: notes) {
            throw TrainingLogError(.invalidNotes, "notes: \(problem)")
        }
    }
}

extension TrainingLog {
    /// The exercises `traindb swap` lists for the slot of `log`, for the user whose questionnaire
    /// started the workout's programme: one rule, `SwapFinder`'s (the swap group, the user's
    /// equipment and level, the injury ranking), not a second copy of it.
    func swapAlternatives(
        _ db: Database, for log: ExerciseLogRecord, in workout: WorkoutRecord
    ) throws -> (ids: [String], profile: TrainingProfile) {
        guard let record = try ProgrammeRecord.fetchOne(db, key: workout.programmeId) else {
            throw TrainingLogError(.invalidProgramme, "the workout's programme \(workout.programmeId) is missing")
        }
        let programme = try programmes.programme(of: record)
        let slot = programme.sessions.lazy.flatMap(\.exercises).first { $0.id == log.slotId }
        guard var slot else {
            throw TrainingLogError(.invalidProgramme, "the programme has no slot \(log.slotId)")
        }
        slot.exerciseId = log.prescribedExerciseId
        let profile: TrainingProfile
        do {
            profile = try TrainingProfile(json: Data(record.questionnaire.utf8), catalog: catalog.generator)
            let ids = try SwapFinder(catalog: catalog.generator).alternatives(to: slot, for: profile).map(\.exerciseId)
            return (ids, profile)
        } catch {
            throw TrainingLogError(
                .swapRefused, "the programme's questionnaire does not give the alternatives: \(error.message)")
        }
    }
}

extension TrainingLog {
    /// The next harder programme exercise of `exerciseID`'s swap group in the same equipment
    /// (business rules §8: an exceeded bodyweight exercise moves on by name): the lowest
    /// complexity above its own, then the display name.
    func harderVariation(of exerciseID: String) -> String? {
        let exercises = catalog.generator.exercises
        guard let current = exercises.first(where: { $0.id == exerciseID }) else { return nil }
        return
            exercises
            .filter {
                $0.canonicalName == current.canonicalName && $0.equipmentCategory == current.equipmentCategory
                    && $0.complexity > current.complexity && $0.includeInProgramme
            }
            .min { ($0.complexity, $0.displayName) < ($1.complexity, $1.displayName) }?
            .displayName
    }

    /// Why SwapFinder leaves `replacement` out (business rules §5): another swap group, the
    /// user's equipment, the user's level, a library-only exercise, or the slot's rules.
    func swapRefusalReason(_ replacement: String, prescribed: String, profile: TrainingProfile) -> String {
        let exercises = catalog.generator.exercises
        guard let candidate = exercises.first(where: { $0.id == replacement }),
            let original = exercises.first(where: { $0.id == prescribed })
        else { return "it is not in the catalogue" }
        if candidate.canonicalName != original.canonicalName {
            return "a swap stays in the swap group \"\(original.canonicalName)\""
        }
        if !profile.equipment.allows(candidate) {
            let item = candidate.equipmentItem.map { " (\($0))" } ?? ""
            return "it needs \(candidate.equipmentCategory)\(item), which the user's equipment does not include"
        }
        if candidate.complexity > profile.experience.complexityCeiling {
            return "its complexity \(candidate.complexity) is above the user's level (at most "
                + "\(profile.experience.complexityCeiling))"
        }
        if !candidate.includeInProgramme {
            return "it is a library exercise, not one programmes use"
        }
        return "it does not fit this slot"
    }
}
