import Catalog
import Foundation

extension ProgrammeGenerator {
    /// The programme's own warnings, in a fixed order: priority muscles the week could not
    /// favour, sessions nothing could fill, sessions under their exercise count, slots refilled
    /// around an injury, and the exercises carrying injury warnings.
    func warnings(
        planner: WeekPlanner, sessions: [ProgrammeSession], shortfalls: [(muscle: Int, sets: Double, floor: Int)],
        profile: TrainingProfile
    ) -> [String] {
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
            } else if planner.prioritySlotsFilled[muscleSlug, default: 0] == 0,
                planner.warnedPriorities.contains(muscleSlug)
            {
                let joints = WeekPlanner.list(profile.injuries.map { $0.lowercased() })
                warnings.append(
                    "\(muscle) is a priority, but the \(name) isolation exercises with your equipment may aggravate "
                        + "the injury in your \(joints) that you recorded: \(name) exercises get one extra set each.")
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
        for shortfall in shortfalls {
            warnings.append(floorWarning(shortfall, planner: planner, profile: profile))
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

    /// A muscle the week leaves under its floor (business rules §3), and why: what the
    /// equipment, the level's sets and the sessions' length leave, and the recorded injuries
    /// when they rule out or warn about exercises for it that the equipment and level allow.
    private func floorWarning(
        _ shortfall: (muscle: Int, sets: Double, floor: Int), planner: WeekPlanner, profile: TrainingProfile
    ) -> String {
        let slug = catalog.muscleSlugList[shortfall.muscle]
        let name = catalog.muscleNameBySlug[slug] ?? slug
        let sets = shortfall.sets.rounded(.down) == shortfall.sets
            ? String(Int(shortfall.sets)) : String(format: "%.1f", shortfall.sets)
        let lead = "\(name) \(name.hasSuffix("s") ? "get" : "gets") \(sets) sets a week, under the \(shortfall.floor) "
            + "a week your goal needs: "
        let allowed = catalog.programmeExercises(for: .muscle(name)).filter { index in
            planner.equipmentAllows[index]
                && catalog.exercises[index].complexity <= profile.experience.complexityCeiling
        }
        let joints = Set(allowed.flatMap { planner.warnedJoints($0) }).sorted().map { $0.lowercased() }
        let injuries = joints.isEmpty
            ? ""
            : ", without the exercises that may aggravate the injury in your \(WeekPlanner.list(joints)) "
                + "that you recorded"
        return lead
            + "with your equipment, your level's sets and \(profile.sessionDuration.rawValue) sessions\(injuries), "
            + "the week has no room for more."
    }
}
