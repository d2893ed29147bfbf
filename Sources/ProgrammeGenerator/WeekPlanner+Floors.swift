extension WeekPlanner {
    /// Raises muscles still under their weekly floor (business rules §3) once the week is
    /// planned: one set at a time on an exercise that trains a short muscle (one whose primary
    /// muscle it is first, then one that trains it as a secondary muscle; compounds before
    /// isolation; the earlier session first), where the session still fits its time with the set,
    /// the caps of the exercise's primary muscle allow it, and the exercise stays within one set
    /// of the rules' sets (the table's, with a priority muscle's extra set). A floor no set can reach is left for
    /// the programme's warnings (`shortfalls`).
    /// Raises are taken back, the last first, where the floors hold without them: one raised for
    /// one muscle may have brought another (a secondary) to its floor too.
    func raiseToFloors(_ week: inout [PlannedSession]) {
        let limit = profile.sessionDuration.maximumSeconds
        // Each session's half-sets, kept up to date as its sets change.
        var sessionHalves = week.map { halves(of: $0) }
        func weekly() -> [Int] {
            sessionHalves.dropFirst().reduce(sessionHalves.first ?? []) { zip($0, $1).map(+) }
        }
        var raises: [(session: Int, pick: Int, lowering: Int?)] = []
        while true {
            let total = weekly()
            let short = catalog.muscleSlugList.indices.filter { total[$0] < volume.floorHalves[$0] }
            let current = week
            guard let raise = short.lazy.compactMap({ muscle in
                raisablePick(for: muscle, in: current, limit: limit)
            }).first else { break }
            week[raise.session].picks[raise.pick].tableSets += 1
            if let lowered = raise.lowering { week[raise.session].picks[lowered].tableSets -= 1 }
            sessionHalves[raise.session] = halves(of: week[raise.session])
            raises.append(raise)
        }
        for raise in raises.reversed() {
            let before = weekly()
            var undone = week[raise.session]
            undone.picks[raise.pick].tableSets -= 1
            if let lowered = raise.lowering { undone.picks[lowered].tableSets += 1 }
            let undoneHalves = halves(of: undone)
            let after = zip(before, zip(sessionHalves[raise.session], undoneHalves)).map { $0 - $1.0 + $1.1 }
            if after.indices.allSatisfy({ after[$0] >= min(before[$0], volume.floorHalves[$0]) }) {
                week[raise.session] = undone
                sessionHalves[raise.session] = undoneHalves
            }
        }
    }

    /// An isolation exercise of the session for a muscle without a floor that is no priority
    /// (calves, forearms, abdominals …) that may give a set (it keeps at least the fewest an
    /// accessory may have) so that a muscle short of its floor gets one: the one with the most
    /// sets, the later on a tie.
    private func expendablePick(in picks: [Pick], except raised: Int) -> Int? {
        picks.indices.filter { offset in
            offset != raised && !picks[offset].isCompound && !picks[offset].isPriority
                && volume.floorHalves[catalog.muscleIDs[picks[offset].exercise]] == 0
                && picks[offset].tableSets > ExerciseRole.accessory.minimumSets
        }.max { (picks[$0].tableSets, $0) < (picks[$1].tableSets, $1) }
    }

    /// The pick to raise for `muscle`, best first as `raiseToFloors` orders them, and the
    /// session's accessory that gives a set for it when the session's time has no room.
    private func raisablePick(
        for muscle: Int, in week: [PlannedSession], limit: Int
    ) -> (session: Int, pick: Int, lowering: Int?)? {
        var weekly = Array(repeating: 0, count: catalog.muscleSlugList.count)
        for pick in week.flatMap(\.picks) { weekly[catalog.muscleIDs[pick.exercise]] += pick.tableSets }
        var best: (session: Int, pick: Int, lowering: Int?, rank: (Int, Int, Int))?
        for (session, planned) in week.enumerated() {
            var inSession = Array(repeating: 0, count: catalog.muscleSlugList.count)
            for pick in planned.picks { inSession[catalog.muscleIDs[pick.exercise]] += pick.tableSets }
            for (offset, pick) in planned.picks.enumerated() {
                let primary = catalog.muscleIDs[pick.exercise]
                guard primary == muscle || catalog.secondaryMuscleIDs[pick.exercise].contains(muscle),
                    pick.tableSets < tableSets(pick.exercise) + 1,
                    inSession[primary] < options.maximumSetsPerMusclePerSession,
                    weekly[primary] < volume.limits[primary]
                else { continue }
                var raised = planned.picks
                raised[offset].tableSets += 1
                var lowering: Int?
                if SessionTimer(goal: profile.goal, picks: raised).tableSeconds > limit {
                    guard let expendable = expendablePick(in: raised, except: offset) else { continue }
                    raised[expendable].tableSets -= 1
                    guard SessionTimer(goal: profile.goal, picks: raised).tableSeconds <= limit else { continue }
                    lowering = expendable
                }
                let rank = (primary == muscle ? 0 : 1, lowering == nil ? 0 : 1, pick.isCompound ? 0 : 1)
                if best.map({ rank < $0.rank }) ?? true { best = (session, offset, lowering, rank) }
            }
        }
        return best.map { ($0.session, $0.pick, $0.lowering) }
    }

    /// Per muscle number: a session's half-sets (2 per set of a primary muscle, 1 per set of a
    /// secondary one), with its sets as time fitting leaves them.
    func halves(of planned: PlannedSession) -> [Int] {
        var halves = Array(repeating: 0, count: catalog.muscleSlugList.count)
        let sets = SessionTimer(goal: profile.goal, picks: planned.picks).fittedSets(
            within: profile.sessionDuration.maximumSeconds)
        for (pick, sets) in zip(planned.picks, sets) {
            halves[catalog.muscleIDs[pick.exercise]] += 2 * sets
            for muscle in catalog.secondaryMuscleIDs[pick.exercise] { halves[muscle] += sets }
        }
        return halves
    }

    /// Per muscle number: the week's half-sets.
    func weeklyHalves(of week: [PlannedSession]) -> [Int] {
        week.map { halves(of: $0) }.reduce(Array(repeating: 0, count: catalog.muscleSlugList.count)) {
            zip($0, $1).map(+)
        }
    }

    /// The floors a week cannot reach: per muscle under its floor, its sets and its floor.
    func shortfalls(of week: [PlannedSession]) -> [(muscle: Int, sets: Double, floor: Int)] {
        let halves = weeklyHalves(of: week)
        return catalog.muscleSlugList.indices.compactMap { muscle in
            halves[muscle] < volume.floorHalves[muscle]
                ? (muscle, Double(halves[muscle]) / 2, volume.floor(muscle)) : nil
        }
    }
}
