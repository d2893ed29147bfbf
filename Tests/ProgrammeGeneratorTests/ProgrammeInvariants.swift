import Catalog
import Foundation
import ProgrammeGenerator
import TrainingCalendar
import Testing

/// Checks every rule of business rules §2-4 that a programme's output shows, against the
/// catalogue and the profile it came from, and the invariants a coach reads it for.
struct ProgrammeInvariants {
    let catalog: GeneratorCatalog
    let profile: TrainingProfile
    let options: GeneratorOptions

    func check(_ programme: Programme, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expectedSplit = SplitType.forTraining(daysPerWeek: profile.daysPerWeek, duration: profile.sessionDuration)
        #expect(programme.type == expectedSplit, "\(label): split", sourceLocation: sourceLocation)
        let scheduled = expectedSplit?.sessions(daysPerWeek: profile.daysPerWeek) ?? []
        #expect(
            programme.sessions.map(\.dayName) == scheduled.map(\.dayName), "\(label): sessions",
            sourceLocation: sourceLocation)
        #expect(
            programme.sessions.map(\.weekday) == scheduled.map(\.weekday), "\(label): weekdays",
            sourceLocation: sourceLocation)
        #expect(programme.daysPerWeek == profile.daysPerWeek && programme.totalWeeks == options.totalWeeks)
        #expect(
            !programme.warnings.contains { $0.contains("longer session") }, "\(label)", sourceLocation: sourceLocation)

        let halves = weeklyHalves(programme)
        checkFloors(programme, label, sourceLocation)
        var previous: (weekday: Weekday, exercises: Set<String>)?
        for (offset, session) in programme.sessions.enumerated() {
            let where_ = "\(label) › \(session.dayName)"
            #expect(session.id == "day-\(offset + 1)", "\(where_): id", sourceLocation: sourceLocation)
            checkSize(session, programme, where_, sourceLocation)
            checkExercises(session, where_, sourceLocation, halves: halves)
            checkWarmUp(session, where_, sourceLocation)
            if let previous, previous.weekday.offsetFromMonday + 1 == session.weekday.offsetFromMonday {
                let repeated = previous.exercises.intersection(session.exercises.map(\.exerciseId))
                #expect(repeated.isEmpty, "\(where_): \(repeated) also the day before", sourceLocation: sourceLocation)
            }
            previous = (session.weekday, Set(session.exercises.map(\.exerciseId)))
        }
        let priorities = Set(profile.priorityMuscles.map(\.slug))
        for (muscle, sets) in Self.weeklySets(programme) {
            let limit = ["forearms", "abs", "calves"].contains(muscle) && !priorities.contains(muscle)
                ? 8 : options.maximumSetsPerMusclePerWeek
            #expect(sets <= limit, "\(label): \(muscle) has \(sets) sets a week", sourceLocation: sourceLocation)
        }
        CoachInvariants(catalog: catalog, profile: profile, options: options).check(programme, label, sourceLocation)
    }

    /// Count, time, estimate and empty slots.
    private func checkSize(
        _ session: ProgrammeSession, _ programme: Programme, _ where_: String, _ location: SourceLocation
    ) {
        let duration = profile.sessionDuration
        #expect(
            session.exercises.count <= duration.exerciseCount.upperBound, "\(where_): too many exercises",
            sourceLocation: location)
        if session.exercises.count < duration.exerciseCount.lowerBound {
            #expect(!session.emptySlots.isEmpty, "\(where_): short with no empty slot", sourceLocation: location)
            #expect(
                programme.warnings.contains { $0.contains(session.dayName + " ") },
                "\(where_): short without a warning",
                    sourceLocation: location)
            #expect(!session.emptySlots.contains { $0.reason.hasPrefix("no time left") },
                    "\(where_): under its count for lack of time", sourceLocation: location)
        }
        #expect(Set(session.emptySlots.map(\.reason)).count == session.emptySlots.count, "\(where_): a reason twice",
                sourceLocation: location)
        for slot in session.emptySlots {
            #expect(
                !slot.slot.isEmpty && !slot.reason.isEmpty, "\(where_): empty slot without reason",
                sourceLocation: location)
        }
        let seconds = session.exercises.reduce(300) { $0 + $1.sets * (40 + $1.restSeconds) + 90 }
        if session.exercises.isEmpty {
            #expect(session.estimatedMinutes == 0, sourceLocation: location)
        } else {
            #expect(session.estimatedMinutes == (seconds + 30) / 60, "\(where_): estimate", sourceLocation: location)
            #expect(
                (seconds + 30) / 60 <= duration.minutes.upperBound, "\(where_): over time", sourceLocation: location)
        }
    }

    /// Each exercise against the catalogue and the rules: availability, roles, sets, reps, rest,
    /// tiers, injuries and the session cap.
    private func checkExercises(
        _ session: ProgrammeSession, _ where_: String, _ location: SourceLocation, halves: [String: Int]
    ) {
        let priority = Set(profile.priorityMuscles.map(\.slug))
        var groups: Set<String> = []
        var perMuscle: [String: Int] = [:]
        var seenIsolation = false
        var compounds = 0
        for (number, entry) in session.exercises.enumerated() {
            let what = "\(where_) › \(entry.exerciseName)"
            #expect(entry.id == "\(session.id)-exercise-\(number + 1)", "\(what): id", sourceLocation: location)
            guard let exercise = catalog.exercise(id: entry.exerciseId) else {
                Issue.record("\(what): not in the catalogue", sourceLocation: location)
                continue
            }
            #expect(exercise.includeInProgramme, "\(what): library-only", sourceLocation: location)
            #expect(profile.equipment.allows(exercise), "\(what): equipment not available", sourceLocation: location)
            #expect(
                exercise.complexity <= profile.experience.complexityCeiling, "\(what): over the ceiling",
                sourceLocation: location)
            #expect(
                entry.exerciseName == exercise.displayName && entry.canonicalName == exercise.canonicalName
                    && entry.primaryMuscle == exercise.primaryMuscle && entry.isIsolation == exercise.isIsolation
                    && entry.equipmentCategory == exercise.equipmentCategory
                    && entry.equipmentItem == exercise.equipmentItem,
                "\(what): fields differ from the catalogue", sourceLocation: location)
            #expect(
                groups.insert(exercise.canonicalName).inserted, "\(what): canonical group repeated",
                sourceLocation: location)
            if exercise.isIsolation {
                seenIsolation = true
            } else {
                #expect(!seenIsolation, "\(what): compound after isolation", sourceLocation: location)
                compounds += 1
            }
            let role: ExerciseRole = exercise.isIsolation ? .accessory : compounds <= 2 ? .main : .secondary
            let table = profile.experience.sets(isIsolation: exercise.isIsolation)
                + (priority.contains(exercise.primaryMuscle.slug) ? 1 : 0)
            #expect(entry.sets <= table + 1 && entry.sets >= min(table, role == .accessory ? 2 : 3), "\(what): sets",
                    sourceLocation: location)
            if entry.sets == table + 1 {
                // One set over the table only where a muscle it trains would otherwise fall under its floor.
                let needed = ([exercise.primaryMuscle] + exercise.secondaryMuscles).contains { muscle in
                    let floor = 2 * floorSets(muscle.slug)
                    return floor > 0
                        && halves[muscle.slug, default: 0] - (muscle == exercise.primaryMuscle ? 2 : 1) < floor
                }
                #expect(needed, "\(what): \(entry.sets) sets with no floor to reach", sourceLocation: location)
            }
            let (reps, rest) = expectedRepsAndRest(exercise, role: role)
            #expect(entry.repRange == reps, "\(what): reps", sourceLocation: location)
            #expect(entry.restSeconds == rest, "\(what): rest", sourceLocation: location)
            if exercise.selectionTier == 3 {
                #expect(
                    role == .secondary && entry.repRange == "4-6",
                    "\(what): specialist as \(role) at \(entry.repRange)",
                        sourceLocation: location)
            }
            checkInjuries(entry, exercise, what, location)
            if Self.isEccentricOnly(exercise) {
                #expect(profile.experience != .justStartingOut, "\(what): a negative for Just Starting Out",
                        sourceLocation: location)
            }
            perMuscle[exercise.primaryMuscle.slug, default: 0] += entry.sets
        }
        // Business rules §4: a warned exercise leads only when no compound without a warning can.
        let leads = session.exercises.filter { !$0.isIsolation }
        let unwarnedLater = leads.dropFirst(2).contains { $0.warnings.isEmpty
            && catalog.exercise(id: $0.exerciseId).map { $0.selectionTier < 3 } == true }
        for lead in leads.prefix(2) where !lead.warnings.isEmpty {
            #expect(!unwarnedLater, "\(where_): warned \(lead.exerciseName) leads while an unwarned compound follows",
                    sourceLocation: location)
        }
        for (muscle, sets) in perMuscle {
            #expect(
                sets <= options.maximumSetsPerMusclePerSession, "\(where_): \(muscle) has \(sets) sets",
                sourceLocation: location)
        }
    }

    private func checkInjuries(
        _ entry: ProgrammeExercise, _ exercise: Exercise, _ what: String, _ location: SourceLocation
    ) {
        let joints = injuredJoints(exercise)
        let cued = cuedJoints(exercise)
        #expect(Set(entry.cues.map(\.joint)) == Set(cued.keys), "\(what): cues", sourceLocation: location)
        for cue in entry.cues {
            #expect(cue.cue == cued[cue.joint] && cue.message == "\(cue.joint): \(cue.cue)", "\(what): cue text",
                    sourceLocation: location)
        }
        switch options.injuryPolicy {
        case .exclude:
            #expect(joints.isEmpty, "\(what): contraindicated under exclude", sourceLocation: location)
            #expect(entry.warnings.isEmpty, sourceLocation: location)
        case .warn:
            #expect(Set(entry.warnings.map(\.joint)) == joints, "\(what): warnings", sourceLocation: location)
            for warning in entry.warnings {
                let joint = warning.joint.lowercased()
                #expect(warning.message == "This exercise may aggravate the injury in your \(joint) that you recorded.")
            }
        }
    }

    /// Business rules §3's weekly floors, in sets: for build_muscle and tone_up, 8 for chest,
    /// back, shoulders, quadriceps, hamstrings and glutes with 3 or more days (6 with 2), 3 for
    /// biceps and triceps with 3 or more days.
    func floorSets(_ muscle: String) -> Int {
        guard profile.goal != .getStronger else { return 0 }
        if ["chest", "back", "shoulders", "quads", "hamstrings", "glutes"].contains(muscle) {
            return profile.daysPerWeek >= 3 ? 8 : 6
        }
        return ["biceps", "triceps"].contains(muscle) && profile.daysPerWeek >= 3 ? 3 : 0
    }

    /// The programme's half-sets per muscle slug: 2 per set of an exercise's primary muscle, 1
    /// per set of each secondary one.
    func weeklyHalves(_ programme: Programme) -> [String: Int] {
        var halves: [String: Int] = [:]
        for entry in programme.sessions.flatMap(\.exercises) {
            guard let exercise = catalog.exercise(id: entry.exerciseId) else { continue }
            halves[exercise.primaryMuscle.slug, default: 0] += 2 * entry.sets
            for muscle in exercise.secondaryMuscles { halves[muscle.slug, default: 0] += entry.sets }
        }
        return halves
    }

    /// Every floor met, or the programme says which is not and how far short.
    private func checkFloors(_ programme: Programme, _ label: String, _ location: SourceLocation) {
        let weeklyHalves = weeklyHalves(programme)
        for muscle in ["chest", "back", "shoulders", "quads", "hamstrings", "glutes", "biceps", "triceps"] {
            let floor = floorSets(muscle)
            let halves = weeklyHalves[muscle, default: 0]
            guard floor > 0, halves < 2 * floor else { continue }
            let name = catalog.muscles.first { $0.slug == muscle } ?? muscle
            #expect(
                programme.warnings.contains { $0.hasPrefix("\(name) ") && $0.contains("under the \(floor) a week") },
                    "\(label): \(muscle) at \(Double(halves) / 2) sets without a warning", sourceLocation: location)
        }
    }

    /// Library-only mobility, stretch and cardio, about five minutes, nothing contraindicated.
    private func checkWarmUp(_ session: ProgrammeSession, _ where_: String, _ location: SourceLocation) {
        #expect((2...3).contains(session.warmUp.count), "\(where_): \(session.warmUp.count) warm-up exercises",
                sourceLocation: location)
        #expect(
            session.warmUp.reduce(0) { $0 + $1.minutes } == 5, "\(where_): warm-up minutes", sourceLocation: location)
        for item in session.warmUp {
            guard let exercise = catalog.exercise(id: item.exerciseId) else {
                Issue.record("\(where_): warm-up \(item.exerciseId) not in the catalogue", sourceLocation: location)
                continue
            }
            #expect(
                !exercise.includeInProgramme && ["Mobility", "Stretch", "Cardio"].contains(exercise.movementPattern),
                    "\(where_): warm-up \(exercise.id)", sourceLocation: location)
            #expect(
                profile.equipment.allows(exercise) && injuredJoints(exercise).isEmpty,
                "\(where_): warm-up \(exercise.id)",
                    sourceLocation: location)
        }
    }

    /// The recorded joints an exercise may aggravate: its group's contraindications, less the
    /// joints an exception marks it safe or modified for, plus those one marks it
    /// contraindicated for.
    func injuredJoints(_ exercise: Exercise) -> Set<String> {
        let injured = Set(profile.injuries.map(\.slug))
        let own = catalog.exceptions.filter { $0.exerciseId == exercise.id }
        let departs = Set(own.filter { $0.level != .contraindicated }.map(\.joint.slug))
        let group = catalog.contraindications.filter { $0.canonicalName == exercise.canonicalName }.map(\.joint)
        let joints =
            group.filter { !departs.contains($0.slug) } + own.filter { $0.level == .contraindicated }.map(\.joint)
        return Set(joints.filter { injured.contains($0.slug) })
    }

    /// The recorded joints an exercise is allowed for only with a cue (`modified`), with the cue.
    func cuedJoints(_ exercise: Exercise) -> [String: String] {
        let injured = Set(profile.injuries.map(\.slug))
        return Dictionary(
            catalog.exceptions.filter {
                $0.exerciseId == exercise.id && $0.level == .modified && injured.contains($0.joint.slug)
            }
                .map { ($0.joint, $0.cue ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// A negative: the catalogue names eccentric-only variations so.
    static func isEccentricOnly(_ exercise: Exercise) -> Bool {
        let name = exercise.displayName.lowercased()
        return name.contains("negative") || name.contains("eccentric")
    }

    /// Business rules §3, read off the rule book: the table's reps, and for get_stronger
    /// compounds 4-6 on main lifts, 6-8 on the others, 4-6 on specialist moves, never below 6-8
    /// for Lunge and Hip Extension and Romanian deadlifts, 8-12 for an unloaded complexity-1
    /// bodyweight move; whatever the goal, 3-5 for a negative and at most 8 (6-8 outside
    /// strength work) for the floor deadlift family; the role's rest, and at least 150 s for a
    /// compound of 6 reps or fewer, 120 s for one of 8 or fewer.
    func expectedRepsAndRest(_ exercise: Exercise, role: ExerciseRole) -> (String, Int) {
        let unloadedSimple = exercise.equipmentCategory.slug == "bodyweight" && exercise.equipmentItem == nil
            && exercise.complexity == 1
        let table: [Goal: (compound: String, isolation: String)] = [
            .getStronger: ("4-6", "8-12"), .buildMuscle: ("8-12", "10-15"), .toneUp: ("12-15", "12-15"),
        ]
        let rests: [Goal: (long: Int, short: Int)] = [
            .getStronger: (180, 90), .buildMuscle: (120, 90), .toneUp: (90, 60),
        ]
        var reps = exercise.isIsolation ? table[profile.goal]?.isolation : table[profile.goal]?.compound
        if profile.goal == .getStronger {
            if unloadedSimple {
                reps = "8-12"
            } else if !exercise.isIsolation {
                reps = exercise.selectionTier == 3 ? "4-6"
                    : ["Lunge", "Hip Extension"].contains(exercise.movementPattern)
                        || exercise.canonicalName == "Romanian Deadlift" ? "6-8"
                    : role == .main ? "4-6" : "6-8"
            }
        } else if !exercise.isIsolation, ["Deadlift", "Sumo Deadlift"].contains(exercise.canonicalName) {
            reps = "6-8"
        }
        if Self.isEccentricOnly(exercise) { reps = "3-5" }
        var rest = (role == .main ? rests[profile.goal]?.long : rests[profile.goal]?.short) ?? 0
        let most = Int(reps?.split(separator: "-").last ?? "") ?? 0
        if !exercise.isIsolation, most <= 6 { rest = max(rest, 150) }
        if !exercise.isIsolation, most <= 8 { rest = max(rest, 120) }
        return (reps ?? "", rest)
    }

    /// Sets per primary muscle slug over the week.
    static func weeklySets(_ programme: Programme) -> [String: Int] {
        var sets: [String: Int] = [:]
        for exercise in programme.sessions.flatMap(\.exercises) {
            sets[exercise.primaryMuscle.slug, default: 0] += exercise.sets
        }
        return sets
    }
}
