import Catalog

extension ProgrammeGenerator {
    /// The programme's own warnings, in a fixed order: priority muscles the week could not
    /// favour, sessions nothing could fill, sessions under their exercise count, slots refilled
    /// around an injury, and the exercises carrying injury warnings.
    func warnings(planner: WeekPlanner, sessions: [ProgrammeSession], profile: TrainingProfile) -> [String] {
        var warnings: [String] = []
        let trained = Set(sessions.flatMap(\.exercises).compactMap { catalog.indexByID[$0.exerciseId] }.map {
            catalog.muscleSlugs[$0]
        })
        for (muscle, muscleSlug) in zip(profile.priorityMuscles, planner.priorityOrder) {
            let name = muscle.lowercased()
            if !trained.contains(muscleSlug) {
                warnings.append(
                    "\(muscle) is a priority, but no \(name) exercise fits your equipment and level: "
                        + "the programme cannot train it.")
            } else if planner.prioritySlotsFilled[muscleSlug, default: 0] == 0 {
                warnings.append(
                    "\(muscle) is a priority, but no session has room for an extra \(name) isolation exercise "
                        + "with your equipment and level: \(name) exercises get one extra set each.")
            }
        }
        if !planner.emptySessions.isEmpty {
            let count = planner.emptySessions.count
            warnings.append(
                "\(WeekPlanner.list(planner.emptySessions)) \(count == 1 ? "has" : "have") no exercises: nothing in "
                    + "the catalogue fits \(count == 1 ? "its" : "their") slots; see the empty slots for why.")
        }
        let band = profile.sessionDuration.exerciseCount
        for short in planner.shortSessions {
            warnings.append(
                "\(short.dayName) has \(short.count) exercise\(short.count == 1 ? "" : "s"), under the "
                    + "\(band.lowerBound)-\(band.upperBound) of a \(profile.sessionDuration.rawValue) session; "
                    + "see its empty slots for why.")
        }
        for refill in planner.refills {
            let joints = WeekPlanner.list(refill.joints.map { $0.lowercased() })
            warnings.append(
                "\(refill.dayName): every \(refill.slot.lowercased()) exercise with your equipment may aggravate "
                    + "the injury in your \(joints) that you recorded, so \(refill.exercise) takes its place.")
        }
        let flagged = sessions.flatMap(\.exercises).filter { !$0.warnings.isEmpty }
        if !flagged.isEmpty {
            let joints = Set(flagged.flatMap { $0.warnings.map(\.joint) }).sorted().map { $0.lowercased() }
            warnings.append(
                "\(flagged.count) exercise\(flagged.count == 1 ? "" : "s") may aggravate the injury in your "
                    + "\(WeekPlanner.list(joints)): each carries a warning; swap \(flagged.count == 1 ? "it" : "them") "
                    + "or generate with the exclude policy.")
        }
        return warnings
    }
}
