import Catalog

extension WeekPlanner {
    /// The session's exercises as the programme lists them: compounds first, then isolation,
    /// each in slot order, with the sets time fitting leaves and the reps and rest of their role and
    /// load.
    func prescribed(_ picks: [Pick], sessionID: String) -> [ProgrammeExercise] {
        let timer = SessionTimer(goal: profile.goal, picks: picks)
        let sets = timer.fittedSets(within: profile.sessionDuration.maximumSeconds)
        let roles = timer.roles
        let order = picks.indices.filter { picks[$0].isCompound } + picks.indices.filter { !picks[$0].isCompound }
        return order.enumerated().map { offset, position in
            let pick = picks[position]
            let exercise = catalog.exercises[pick.exercise]
            var prescription = Prescription(
                goal: profile.goal, experience: profile.experience, role: roles[position], isPriority: pick.isPriority,
                load: pick.load)
            prescription.sets = sets[position]
            return ProgrammeExercise(
                id: "\(sessionID)-exercise-\(offset + 1)", exercise: exercise, prescription: prescription,
                risks: risks[pick.exercise])
        }
    }

    /// The empty slots the session reports (business rules §3): the core slots nothing could
    /// fill for the user's equipment, level or recorded injuries; and, when the session falls
    /// under its duration's exercise count, the slots whose causes explain it. Slots empty for
    /// the same kind of cause share one line, so each cause is told once.
    func reportedEmptySlots(_ failures: [(slot: Slot, cause: EmptyCause, isCore: Bool)], count: Int) -> [EmptySlot] {
        var told = failures.filter { $0.isCore && $0.cause.isTrueCause }
        var shortfall = profile.sessionDuration.exerciseCount.lowerBound - count
        // A short session's other slots explain it by the user's circumstances first; a slot the
        // catalogue itself lacks says nothing the user can act on.
        let explaining = failures.filter { !$0.isCore && $0.cause.isTrueCause && $0.cause != .catalogue }
            + failures.filter { !$0.cause.isTrueCause }
        for failure in explaining where shortfall > 0 && !told.contains(where: { $0.slot.name == failure.slot.name }) {
            told.append(failure)
            shortfall -= 1
        }
        var kinds: [String] = []
        var byKind: [String: [(slot: Slot, cause: EmptyCause)]] = [:]
        for failure in told {
            let sameKind = byKind[failure.cause.kind] ?? []
            guard !sameKind.contains(where: { $0.slot.name == failure.slot.name }) else { continue }
            if byKind[failure.cause.kind] == nil { kinds.append(failure.cause.kind) }
            byKind[failure.cause.kind, default: []].append((failure.slot, failure.cause))
        }
        return kinds.compactMap { kind in
            guard let group = byKind[kind], let first = group.first else { return nil }
            var cause = first.cause
            if case .injuries = cause {
                let joints = group.flatMap { entry -> [String] in
                    if case .injuries(let joints) = entry.cause { return joints }
                    return []
                }
                cause = .injuries(Array(Set(joints)).sorted())
            }
            let names = group.map(\.slot.name)
            let slots = [names[0]] + names.dropFirst().map { $0.lowercased() }
            return EmptySlot(
                slot: Self.list(slots),
                reason: reason(cause, noun: Self.list(group.map(\.slot.noun), conjunction: "or")))
        }
    }

    /// Why a slot is empty, in words that name the true cause.
    func reason(_ cause: EmptyCause, noun: String) -> String {
        switch cause {
        case .catalogue:
            "the catalogue has no \(noun) exercise for programmes"
        case .equipment:
            "no \(noun) exercise uses the equipment you selected"
        case .level:
            "no \(noun) exercise with your equipment is at your level (\(profile.experience.title))"
        case .specialist:
            "the only \(noun) exercises with your equipment are specialist moves, which are kept for strength work "
                + "from Getting Comfortable up"
        case .injuries(let joints):
            "every \(noun) exercise with your equipment may aggravate the injury in your "
                + "\(Self.list(joints.map { $0.lowercased() })) that you recorded"
        case .time:
            "no time left in a \(profile.sessionDuration.rawValue) session at these sets and rests"
        case .caps(let muscles, let limit, let perWeek):
            "\(Self.list(muscles)) would go over \(limit) sets " + (perWeek ? "this week" : "in this session")
        case .planning:
            "every other \(noun) exercise with your equipment is already in this session or the day before"
        }
    }
}
