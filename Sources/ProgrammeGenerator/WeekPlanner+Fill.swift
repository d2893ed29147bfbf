import Catalog
import TrainingCalendar

extension WeekPlanner {
    /// What a slot got.
    enum Fill {
        /// The exercise; with the joints when it stands in for a target whose every candidate
        /// was contraindicated (policy `exclude`).
        case picked(Int, refilledFor: [String]?)
        case empty(EmptyCause)
    }

    /// The best exercise for `slot`, or why there is none: its choices in turn, the first whose
    /// best candidate (the least load on the recorded injuries first, a joint allowed with a cue
    /// counting half a contraindicated one) carries no warning: safe, or allowed with its cue
    /// (business rules §4: the slot's own pattern, modified, before another pattern). When every
    /// choice's best carries a warning, the least warned of them, unless, under `warn`, an injury
    /// fallback (the nearest patterns for the same muscles) offers one for the slot's own muscle
    /// that loads less: a warning is left only where nothing safer fills the slot. Under
    /// `exclude`, a slot whose every candidate may aggravate a recorded injury is refilled from
    /// its injury fallbacks.
    func fill(
        _ slot: Slot, session: SessionState, scheduled: ScheduledSession,
        using generator: inout some RandomNumberGenerator
    ) -> Fill {
        var causes: [EmptyCause] = []
        var flagged: Int?
        var flaggedJoints: Set<String> = []
        for choice in slot.choices {
            switch candidates(for: choice.target, role: choice.role, session: session, scheduled: scheduled) {
            case .success(let indices):
                let index = best(of: indices, session: session, family: scheduled.kind.family, using: &generator)
                if !isWarned[index] { return .picked(index, refilledFor: nil) }
                if flagged.map({ riskWeight[index] < riskWeight[$0] }) ?? true { flagged = index }
                flaggedJoints.formUnion(indices.flatMap { warnedJoints($0) })
            case .failure(let cause):
                causes.append(cause)
            }
        }
        let injured = causes.compactMap { cause -> [String]? in
            if case .injuries(let joints) = cause { return joints }
            return nil
        } + (flaggedJoints.isEmpty ? [] : [Array(flaggedJoints)])
        if !injured.isEmpty {
            let slotMuscle = slot.choices.first.flatMap { catalog.dominantMuscle(of: $0.target) }
            for target in slot.injuryFallbacks {
                let fallback = candidates(for: target, role: .either, session: session, scheduled: scheduled)
                guard case .success(let indices) = fallback else { continue }
                // Under `warn` the slot keeps its muscle: a row is not traded for a raise.
                let sameMuscle = indices.filter { catalog.muscleSlugs[$0] == slotMuscle }
                guard flagged == nil || !sameMuscle.isEmpty else { continue }
                let index = best(
                    of: flagged == nil ? indices : sameMuscle, session: session, family: scheduled.kind.family,
                    using: &generator)
                if let flagged, riskWeight[index] >= riskWeight[flagged] { continue }
                return .picked(index, refilledFor: Array(Set(injured.flatMap { $0 })).sorted())
            }
        }
        if let flagged { return .picked(flagged, refilledFor: nil) }
        // The first cause the user should hear (their equipment, level or injuries) speaks for
        // the slot; failing that, the slot's own target.
        return .empty(causes.first { $0.isTrueCause } ?? causes.first ?? .catalogue)
    }

    /// The recorded joints an exercise may aggravate (those it is allowed for with a cue left
    /// out), by name.
    func warnedJoints(_ index: Int) -> [String] {
        risks[index].filter { !$0.isModified }.map(\.joint)
    }

    /// The exercises that may fill a slot of `target` and `role` now. The first rule that
    /// leaves none names the cause: the catalogue, the equipment, the complexity ceiling, the
    /// specialist rule, (policy `exclude`) the injuries; then the session's own constraints:
    /// one exercise per canonical group, nothing done the day before, the set caps, the time.
    /// Each candidate goes as far down the rules as it can, and the furthest any went tells
    /// which rule emptied the list.
    func candidates(
        for target: Slot.Target, role: Slot.Role, session: SessionState, scheduled: ScheduledSession
    ) -> Result<[Int], EmptyCause> {
        let rules = CandidateRules(
            role: role, yesterday: session.yesterday, ceiling: profile.experience.complexityCeiling,
            budget: session.budget)
        let all = catalog.programmeExercises(for: target)
        var furthest = Stage.none
        var passed: [Int] = []
        for index in all {
            let reached = stageReached(by: index, rules: rules, session: session)
            if reached == .time { passed.append(index) }
            furthest = max(furthest, reached)
        }
        // The rare paths: say which exercises a cap or an injury stopped.
        func stage(_ index: Int) -> Stage { stageReached(by: index, rules: rules, session: session) }
        func reaching(_ limit: Stage) -> [Int] { all.filter { stage($0) >= limit } }
        switch furthest {
        case .none: return .failure(.catalogue)
        case .role: return .failure(.equipment)
        case .equipment: return .failure(.level)
        case .level: return .failure(.specialist)
        case .tier:
            let joints = Set(all.filter { stage($0) == .tier }.flatMap { warnedJoints($0) })
            return .failure(.injuries(joints.sorted()))
        case .injuries: return .failure(.planning)
        case .planning:
            return .failure(.caps(
                muscles: muscles(of: reaching(.planning)), limit: options.maximumSetsPerMusclePerSession,
                perWeek: false))
        case .sessionCap:
            let capped = reaching(.sessionCap)
            return .failure(.caps(
                muscles: muscles(of: capped),
                limit: capped.first.map { volume.limits[catalog.muscleIDs[$0]] } ?? options.maximumSetsPerMusclePerWeek,
                perWeek: true))
        case .weeklyCap: return .failure(.time)
        case .time: return .success(passed)
        }
    }

    /// What the rules of `candidates` need, worked out once per slot.
    struct CandidateRules {
        let role: Slot.Role
        let yesterday: Marks
        let ceiling: Int
        let budget: TimeBudget
    }

    /// How far down the rules the exercise goes: `.time` when it passes them all.
    func stageReached(by index: Int, rules: CandidateRules, session: SessionState) -> Stage {
        let exercise = catalog.traits[index]
        guard rules.role.admits(isIsolation: exercise.isIsolation) else { return .none }
        guard equipmentAllows[index] else { return .role }
        guard exercise.complexity <= rules.ceiling,
            profile.experience.takesEccentricOnly || !catalog.loads[index].isEccentricOnly
        else { return .equipment }
        guard admitsTier(index, session: session) else { return .level }
        guard options.injuryPolicy == .warn || !isWarned[index] else { return .tier }
        guard !session.canonicalGroups.contains(exercise.group), !rules.yesterday.contains(index) else {
            return .injuries
        }
        guard withinCaps(index, session: session, perWeek: false) else { return .planning }
        guard withinCaps(index, session: session, perWeek: true) else { return .sessionCap }
        let sets = cappedSets(index, session: session)
        guard rules.budget.fits(isCompound: !exercise.isIsolation, load: catalog.loads[index], sets: sets) else {
            return .weeklyCap
        }
        return .time
    }

    /// How far down the rules of `candidates` an exercise went.
    enum Stage: Int, Comparable {
        case none, role, equipment, level, tier, injuries, planning, sessionCap, weeklyCap, time

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Specialist moves (tier 3) are never a main lift and never above 6 reps: only a compound
    /// after the session's two main lifts, for a strength goal at Getting Comfortable or above.
    func admitsTier(_ index: Int, session: SessionState) -> Bool {
        guard catalog.traits[index].tier >= 3 else { return true }
        return !catalog.traits[index].isIsolation && session.compounds >= 2 && profile.goal == .getStronger
            && profile.experience.takesSpecialistMoves
    }

    /// Whether the exercise fits its muscle's session or weekly set cap with its sets trimmed
    /// to what the cap leaves, but not below the fewest its kind may have: the week's exercises
    /// share the weekly cap, each keeping at least its fewest.
    func withinCaps(_ index: Int, session: SessionState, perWeek: Bool) -> Bool {
        let muscle = catalog.muscleIDs[index]
        if perWeek {
            return weeklyFewest[muscle] + fewestSets(index) <= volume.limits[muscle]
        }
        return options.maximumSetsPerMusclePerSession - session.setsByMuscle[muscle] >= fewestSets(index)
    }

    /// The primary muscles of these exercises, lower case, in first-seen order.
    private func muscles(of indices: [Int]) -> [String] {
        var names: [String] = []
        for index in indices {
            let name = catalog.exercises[index].primaryMuscle.lowercased()
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The exercises of the session on the calendar day before `weekday`, if there was one.
    func exercisesOfDay(before weekday: Weekday) -> Set<Int> {
        guard let previousDay, previousDay.weekday.offsetFromMonday == weekday.offsetFromMonday - 1 else { return [] }
        return previousDay.exercises
    }

    /// The best candidate (business rules §3): the least load on the recorded injuries (under
    /// `warn`; a joint allowed with a cue counts half a contraindicated one), and at equal load
    /// one allowed with cues before one carrying a warning; then a move that is
    /// neither specialist nor eccentric-only (a negative is a step towards the full movement, not
    /// what a coach reaches for first); then one for the muscle the slot's usual choice trains
    /// (the one the other rules rank first, so that varying a chest press never turns it into a
    /// triceps press) and one the session's family has not used this week (Push B differs from
    /// Push A wherever an equally safe exercise fits, whatever its tier: variety before tier),
    /// variety first where every exercise for that muscle was used (for a main lift, variety
    /// comes last, after the tier, the load and the complexity);
    /// then the staple before the standard, then (when the user has equipment) a loaded exercise
    /// before an unloaded bodyweight one, then the complexity closest to the preferred level,
    /// then one the week has not used; the seeded generator breaks what ties remain.
    private func best(
        of candidates: [Int], session: SessionState, family: SessionKind,
        using generator: inout some RandomNumberGenerator
    ) -> Int {
        let preferred = profile.experience.preferredComplexity
        let familyUsed = exercisesByFamily[family] ?? Marks(count: 0)
        func facts(_ index: Int) -> (weight: Int, warned: Int, unusual: Int, tier: Int, unloaded: Int, distance: Int,
                                      used: Int) {
            let exercise = catalog.traits[index]
            return (
                min(riskWeight[index], 63), isWarned[index] ? 1 : 0,
                exercise.tier >= 3 || catalog.loads[index].isEccentricOnly ? 1 : 0, min(exercise.tier, 3),
                ownsEquipment && !exercise.isLoaded ? 1 : 0, min(abs(exercise.complexity - preferred), 7),
                usedThisWeek.contains(index) ? 1 : 0
            )
        }
        func usualKey(_ index: Int) -> Int {
            let f = facts(index)
            var key = RankKey()
            key.append(f.weight, radix: 64)
            key.append(f.warned, radix: 2)
            key.append(f.unusual, radix: 2)
            key.append(f.tier, radix: 4)
            key.append(f.unloaded, radix: 2)
            key.append(f.distance, radix: 8)
            key.append(f.used, radix: 2)
            return key.value
        }
        guard let usual = candidates.min(by: { (usualKey($0), $0) < (usualKey($1), $1) }) else { return candidates[0] }
        let muscle = catalog.muscleIDs[usual]
        // Where every exercise for that muscle was used, variety may go to another muscle of
        // the slot (a Romanian deadlift for a deadlift).
        let freshForMuscle = candidates.contains { catalog.muscleIDs[$0] == muscle && !familyUsed.contains($0) }
        // A main lift (the session's first two compounds) varies only among exercises the other
        // rules rank equal: the second session of a kind keeps its staples at the level a
        // lifter trains at (a back squat, not a goblet squat, for an advanced lifter's 4-6).
        let isMainLift = session.compounds < 2
        func key(_ index: Int) -> Int {
            let f = facts(index)
            let other = catalog.muscleIDs[index] == muscle ? 0 : 1
            let repeated = familyUsed.contains(index) ? 1 : 0
            var key = RankKey()
            key.append(f.weight, radix: 64)
            key.append(f.warned, radix: 2)
            key.append(f.unusual, radix: 2)
            if isMainLift {
                key.append(other, radix: 2)
            } else if freshForMuscle {
                key.append(other, radix: 2)
                key.append(repeated, radix: 2)
            } else {
                key.append(repeated, radix: 2)
                key.append(other, radix: 2)
            }
            key.append(f.tier, radix: 4)
            key.append(f.unloaded, radix: 2)
            key.append(f.distance, radix: 8)
            if isMainLift { key.append(repeated, radix: 2) }
            key.append(f.used, radix: 2)
            return key.value
        }
        let keys = candidates.map(key)
        guard let top = keys.min() else { return candidates[0] }
        let tied = zip(candidates, keys).filter { $0.1 == top }.map(\.0)
        return tied.count == 1 ? tied[0] : tied[generator.index(below: tied.count)]
    }
}

/// The rules a candidate is ranked by, in order, each a digit of one number (smaller is better):
/// keys compare as the lists of their digits would, without building one.
struct RankKey {
    private(set) var value = 0

    mutating func append(_ digit: Int, radix: Int) {
        value = value * radix + digit
    }
}
