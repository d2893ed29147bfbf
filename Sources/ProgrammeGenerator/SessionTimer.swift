/// A session's time (business rules §3): Σ sets × (40 s + rest) + 90 s per exercise + 5 min of
/// warm-up, and how its sets come down to fit the duration.
struct SessionTimer {
    let goal: Goal
    /// In the order the session's slots took them; the listing puts compounds first.
    let picks: [WeekPlanner.Pick]
    /// Each pick's role: the first two compounds are the main lifts, the other compounds are
    /// secondary, isolation exercises are accessories.
    let roles: [ExerciseRole]
    /// Each pick's rest in its role.
    private let rests: [Int]

    init(goal: Goal, picks: [WeekPlanner.Pick]) {
        self.goal = goal
        self.picks = picks
        var compounds = 0
        roles = picks.map { pick in
            guard pick.isCompound else { return .accessory }
            compounds += 1
            return compounds <= 2 ? .main : .secondary
        }
        rests = zip(picks, roles).map { pick, role in goal.restSeconds(role: role, load: pick.load) }
    }

    /// The session's seconds with every exercise at the fewest sets fitting may leave it.
    var minimumSeconds: Int {
        seconds(zip(picks, roles).map { pick, role in min(pick.tableSets, role.minimumSets) })
    }

    /// The session's seconds with every exercise at the table's sets.
    var tableSeconds: Int {
        seconds(picks.map(\.tableSets))
    }

    /// The sets of each pick once the session fits `maximumSeconds`: first the accessories,
    /// then the secondary compounds, then the main lifts lose a set at a time (the one with
    /// most sets first, the later one on a tie), never below 2, 3 and 3. Nothing changes when
    /// the table's sets already fit.
    func fittedSets(within maximumSeconds: Int) -> [Int] {
        let roles = roles
        var sets = picks.map(\.tableSets)
        for role in [ExerciseRole.accessory, .secondary, .main] {
            while seconds(sets) > maximumSeconds {
                let reducible = sets.indices.filter { roles[$0] == role && sets[$0] > role.minimumSets }
                guard let index = reducible.max(by: { (sets[$0], $0) < (sets[$1], $1) }) else { break }
                sets[index] -= 1
            }
        }
        return sets
    }

    private func seconds(_ sets: [Int]) -> Int {
        zip(sets, rests).reduce(WeekPlanner.warmUpSeconds) { total, entry in
            total + Prescription.seconds(sets: entry.0, restSeconds: entry.1)
        }
    }
}
