import Catalog

extension ProgrammeGenerator {
    /// The programme's own warnings, in a fixed order: priority muscles the week could not
    /// favour, sessions nothing could fill, sessions short of exercises or minutes, and the
    /// exercises carrying injury warnings.
    func warnings(planner: WeekPlanner, sessions: [ProgrammeSession], profile: TrainingProfile) -> [String] {
        var warnings: [String] = []
        for muscle in profile.priorityMuscles {
            let name = muscle.lowercased()
            if planner.weeklySets[muscle.slug, default: 0] == 0 {
                warnings.append(
                    "\(muscle) is a priority, but no \(name) exercise fits your equipment and level: "
                        + "the programme cannot train it.")
            } else if planner.prioritySlotsFilled[muscle.slug, default: 0] == 0 {
                warnings.append(
                    "\(muscle) is a priority, but no session has room for an extra \(name) isolation exercise "
                        + "with your equipment and level: \(name) exercises get one extra set each.")
            }
        }
        if !planner.emptySessions.isEmpty {
            let days = WeekPlanner.list(planner.emptySessions)
            warnings.append(
                "\(days) \(planner.emptySessions.count == 1 ? "has" : "have") no exercises: nothing in the catalogue "
                    + "fits \(planner.emptySessions.count == 1 ? "its" : "their") slots with your equipment and level.")
        }
        if !planner.sessionsShortOfTime.isEmpty {
            let duration = profile.sessionDuration
            warnings.append(
                "\(WeekPlanner.list(planner.sessionsShortOfTime)) \(planner.sessionsShortOfTime.count == 1 ? "fits" : "fit") "
                    + "fewer than \(duration.exerciseCount.lowerBound) exercises in \(duration.rawValue) at these "
                    + "sets and rests; a longer session fits more.")
        }
        for short in planner.sessionsUnderTime {
            warnings.append(
                "\(short.dayName) takes about \(short.minutes) min, under the \(profile.sessionDuration.rawValue) "
                    + "chosen: nothing more fits the rules with your equipment and level.")
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
