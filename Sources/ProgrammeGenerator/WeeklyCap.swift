/// Brings each muscle's sets over the week within its weekly ceiling (business rules §3: no
/// muscle gets more than 20 sets in a week, and forearms, abdominals and calves at most 8 unless
/// a priority), sharing the cut: the exercise with the most sets loses one, the later one on a
/// tie, until the muscle fits, none going below the fewest its kind may have (3 for a compound,
/// 2 for an isolation exercise). The planner admits an exercise only while those fewest fit the
/// ceiling, so the cut always ends within it.
struct WeeklyCap {
    /// Per muscle number: the most primary sets a week (`WeeklyVolume.limits`).
    let limits: [Int]
    /// Per catalogue exercise: its primary muscle's number.
    let muscleIDs: [Int]

    func apply(to week: inout [WeekPlanner.PlannedSession]) {
        var positions: [Int: [(session: Int, pick: Int)]] = [:]
        for (session, planned) in week.enumerated() {
            for (pick, entry) in planned.picks.enumerated() {
                positions[muscleIDs[entry.exercise], default: []].append((session, pick))
            }
        }
        for muscle in positions.keys.sorted() {
            guard let entries = positions[muscle] else { continue }
            var total = entries.reduce(0) { $0 + week[$1.session].picks[$1.pick].tableSets }
            while total > limits[muscle] {
                let reducible = entries.filter { entry in
                    let pick = week[entry.session].picks[entry.pick]
                    return pick.tableSets > (pick.isCompound ? 3 : ExerciseRole.accessory.minimumSets)
                }
                guard let most = reducible.max(by: { a, b in
                    (week[a.session].picks[a.pick].tableSets, a.session, a.pick)
                        < (week[b.session].picks[b.pick].tableSets, b.session, b.pick)
                }) else { break }
                week[most.session].picks[most.pick].tableSets -= 1
                total -= 1
            }
        }
    }
}
