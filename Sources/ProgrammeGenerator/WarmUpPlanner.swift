import Catalog

/// Chooses a session's warm-up (business rules §3b): about five minutes of the catalogue's
/// library-only exercises, an easy cardio piece to raise the heart rate, then two mobility
/// drills for the session's body region (stretches only where mobility drills run out).
///
/// Candidates need only equipment the user has and stay under the complexity ceiling; a
/// warm-up never carries an injury warning, so anything that may aggravate a recorded injury
/// is left out under either policy. Among equals: a drill for a muscle the session trains,
/// then one not done the day before, then the simplest; the session's number rotates what
/// remains, so that the week's warm-ups vary without drawing on the seeded generator.
struct WarmUpPlanner {
    let catalog: GeneratorCatalog
    /// The warm-up exercises the user may do: equipment they have, at or under their ceiling,
    /// loading none of their recorded injuries.
    let usable: [Int]

    /// Minutes of each part: cardio, then each drill.
    static let minutes = (cardio: 3, drill: 1)

    /// The usable warm-ups of `catalog` for a user with these allowed exercises, recorded
    /// injuries (per exercise) and complexity ceiling.
    init(catalog: GeneratorCatalog, equipmentAllows: [Bool], risks: [[JointRisk]], ceiling: Int) {
        self.catalog = catalog
        usable = catalog.warmUps.filter { index in
            equipmentAllows[index] && risks[index].isEmpty && catalog.exercises[index].complexity <= ceiling
        }
    }

    func warmUp(
        for scheduled: ScheduledSession, trained muscles: Set<String>, avoiding yesterday: Set<Int>, rotation: Int
    ) -> [WarmUpExercise] {
        let regions = scheduled.kind.bodyRegions
        func pattern(_ index: Int) -> String { catalog.movementPatternSlugs[index] }
        func inRegion(_ index: Int) -> Bool { catalog.bodyRegions[index].map(regions.contains) ?? true }

        var chosen: [(index: Int, minutes: Int)] = []
        let cardio = usable.filter { pattern($0) == "cardio" }
        if let pick = pick(from: cardio, count: 1, trained: muscles, yesterday: yesterday, rotation: rotation).first {
            chosen.append((pick, Self.minutes.cardio))
        }
        var drills = pick(
            from: usable.filter { pattern($0) == "mobility" && inRegion($0) }, count: 2, trained: muscles,
            yesterday: yesterday, rotation: rotation)
        if drills.count < 2 {
            let groups = Set(drills.map { catalog.exercises[$0].canonicalName })
            drills += pick(
                from: usable.filter {
                    pattern($0) == "stretch" && inRegion($0) && !groups.contains(catalog.exercises[$0].canonicalName)
                }, count: 2 - drills.count, trained: muscles, yesterday: yesterday, rotation: rotation)
        }
        chosen += drills.map { ($0, Self.minutes.drill) }
        // Five minutes in all: what a missing part leaves goes to the first.
        let spare = WeekPlanner.warmUpSeconds / 60 - chosen.reduce(0) { $0 + $1.minutes }
        if spare > 0, !chosen.isEmpty { chosen[0].minutes += spare }
        return chosen.map { entry in
            let exercise = catalog.exercises[entry.index]
            return WarmUpExercise(exerciseId: exercise.id, exerciseName: exercise.displayName, minutes: entry.minutes)
        }
    }

    /// Up to `count` candidates of different canonical groups, best first.
    private func pick(
        from candidates: [Int], count: Int, trained: Set<String>, yesterday: Set<Int>, rotation: Int
    ) -> [Int] {
        func rank(_ index: Int) -> (Int, Int, Int) {
            (
                trained.contains(catalog.muscleSlugs[index]) ? 0 : 1, yesterday.contains(index) ? 1 : 0,
                catalog.exercises[index].complexity
            )
        }
        var remaining = candidates
        var picked: [Int] = []
        while picked.count < count {
            guard let top = remaining.map(rank).min(by: <) else { break }
            let tied = remaining.filter { rank($0) == top }
            let choice = tied[rotation % tied.count]
            picked.append(choice)
            let group = catalog.exercises[choice].canonicalName
            remaining.removeAll { catalog.exercises[$0].canonicalName == group }
        }
        return picked
    }
}

extension SessionKind {
    /// The body regions a session's warm-up prepares.
    var bodyRegions: Set<String> {
        switch self {
        case .push, .pull, .upper: ["upper"]
        case .legs, .lower: ["lower"]
        case .fullBody: ["upper", "lower", "core"]
        }
    }
}
