import Catalog

extension WeekPlanner {
    /// The best exercise for `slot`, or why there is none: the first rule that leaves no
    /// candidate names the reason. Candidates, in turn: the slot's programme exercises; the
    /// equipment allows them; complexity at or under the ceiling; a canonical group the
    /// session does not have; (policy `exclude`) no recorded injury they may aggravate; the
    /// muscle's session and weekly set caps; the time left.
    func fill(
        _ slot: Slot, session: SessionState, family: SessionKind, using generator: inout some RandomNumberGenerator
    ) -> Fill {
        let noun = slot.noun
        var candidates = catalog.programmeExercises(for: slot.target).filter {
            slot.role.admits(isIsolation: catalog.exercises[$0].isIsolation)
        }
        guard !candidates.isEmpty else {
            return .empty(reason: "the catalogue has no \(noun) for programmes", forLackOfTime: false)
        }
        candidates = candidates.filter { equipmentAllows[$0] }
        guard !candidates.isEmpty else {
            return .empty(reason: "no \(noun) with the selected equipment", forLackOfTime: false)
        }
        let ceiling = profile.experience.complexityCeiling
        candidates = candidates.filter { catalog.exercises[$0].complexity <= ceiling }
        guard !candidates.isEmpty else {
            return .empty(
                reason: "no \(noun) with the selected equipment at complexity \(ceiling) or below "
                    + "(\(profile.experience.title))",
                forLackOfTime: false)
        }
        candidates = candidates.filter { !session.canonicalGroups.contains(catalog.exercises[$0].canonicalName) }
        guard !candidates.isEmpty else {
            return .empty(
                reason: "no \(noun) with the selected equipment that this session does not already have",
                forLackOfTime: false)
        }
        if options.injuryPolicy == .exclude {
            let before = candidates
            candidates = candidates.filter { injuredJoints[$0].isEmpty }
            guard !candidates.isEmpty else {
                let joints = Set(before.flatMap { injuredJoints[$0] }).sorted().map { $0.lowercased() }
                return .empty(
                    reason: "every \(noun) with the selected equipment may aggravate the injury in your "
                        + Self.list(joints),
                    forLackOfTime: false)
            }
        }

        let prescribed = candidates.map { index in
            let exercise = catalog.exercises[index]
            return (
                index: index,
                prescription: Prescription(
                    goal: profile.goal, experience: profile.experience, isIsolation: exercise.isIsolation,
                    isPriority: prioritySlugs.contains(catalog.muscleSlugs[index]))
            )
        }
        let sessionCap = options.maximumSetsPerMusclePerSession
        var fitting = prescribed.filter {
            session.setsByMuscle[catalog.muscleSlugs[$0.index], default: 0] + $0.prescription.sets <= sessionCap
        }
        guard !fitting.isEmpty else {
            return .empty(
                reason: "\(muscles(of: prescribed)) would go over \(sessionCap) sets in this session",
                forLackOfTime: false)
        }
        let weeklyCap = options.maximumSetsPerMusclePerWeek
        let underSessionCap = fitting
        fitting = fitting.filter {
            weeklySets[catalog.muscleSlugs[$0.index], default: 0] + $0.prescription.sets <= weeklyCap
        }
        guard !fitting.isEmpty else {
            return .empty(
                reason: "\(muscles(of: underSessionCap)) would go over \(weeklyCap) sets this week",
                forLackOfTime: false)
        }
        let maximumSeconds = profile.sessionDuration.minutes.upperBound * 60
        fitting = fitting.filter { session.seconds + $0.prescription.seconds <= maximumSeconds }
        guard !fitting.isEmpty else {
            return .empty(
                reason: "no time left in a \(profile.sessionDuration.rawValue) session for another \(noun)",
                forLackOfTime: true)
        }

        let choice = pick(from: fitting, family: family, using: &generator)
        return .picked(exercise: choice.index, prescription: choice.prescription)
    }

    /// The best candidate: not already in a session of the same family (A/B sessions differ),
    /// then one for a priority muscle, then the complexity closest to the preferred level, then
    /// a canonical group the family has not used; the seeded generator breaks what ties remain.
    private func pick(
        from candidates: [(index: Int, prescription: Prescription)], family: SessionKind,
        using generator: inout some RandomNumberGenerator
    ) -> (index: Int, prescription: Prescription) {
        let preferred = profile.experience.preferredComplexity
        let usedExercises = exercisesByFamily[family] ?? []
        let usedGroups = groupsByFamily[family] ?? []
        func rank(_ index: Int) -> (Int, Int, Int, Int) {
            let exercise = catalog.exercises[index]
            return (
                usedExercises.contains(index) ? 1 : 0,
                prioritySlugs.contains(catalog.muscleSlugs[index]) ? 0 : 1,
                abs(exercise.complexity - preferred),
                usedGroups.contains(exercise.canonicalName) ? 1 : 0
            )
        }
        let ranked = candidates.map { (candidate: $0, rank: rank($0.index)) }
        guard let best = ranked.map(\.rank).min(by: <) else { return candidates[0] }
        let tied = ranked.filter { $0.rank == best }.map(\.candidate)
        return tied.count == 1 ? tied[0] : tied[generator.index(below: tied.count)]
    }

    /// "chest" or "chest and triceps": the primary muscles of these candidates, lower case.
    private func muscles(of candidates: [(index: Int, prescription: Prescription)]) -> String {
        var names: [String] = []
        for candidate in candidates {
            let name = catalog.exercises[candidate.index].primaryMuscle.lowercased()
            if !names.contains(name) { names.append(name) }
        }
        return Self.list(names)
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
