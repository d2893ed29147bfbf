import Catalog

/// Finds the alternatives to an exercise (business rules §5): the other exercises of its
/// canonical group that the user's equipment allows, programme exercises only by default,
/// ordered by how much they may load the user's recorded joints (none first; a joint allowed
/// with a cue counts half a contraindicated one), then closest complexity, then display name.
/// Each alternative keeps the slot's id, sets, reps and rest, and carries its own injury
/// warnings and cues.
///
/// As in the generator, alternatives stay at or under the user's complexity ceiling (a
/// beginner's bodyweight squat does not swap to a pistol squat) unless `anyLevel` lifts it, and
/// so does the rule that keeps eccentric-only variations from a Just Starting Out user; a
/// specialist move (tier 3) is offered only where the slot asks for at most 6 reps and is not
/// a main lift, and an eccentric-only one only where it asks for at most 5. With the `exclude`
/// injury policy, alternatives that may aggravate a recorded injury are left out (those allowed
/// with a cue stay).
public struct SwapFinder: Sendable {
    public let catalog: GeneratorCatalog
    public let options: GeneratorOptions

    public init(catalog: GeneratorCatalog, options: GeneratorOptions = GeneratorOptions()) {
        self.catalog = catalog
        self.options = options
    }

    /// Replacements for an exercise of a programme, each keeping its slot's id and
    /// prescription. Throws `swap.unknown_exercise` when the catalogue has no such exercise.
    public func alternatives(
        to programmeExercise: ProgrammeExercise, for profile: TrainingProfile, includeLibraryOnly: Bool = false,
        anyLevel: Bool = false
    ) throws(ProgrammeGeneratorError) -> [ProgrammeExercise] {
        let index = try index(of: programmeExercise.exerciseId)
        return alternatives(
            to: index, slotID: programmeExercise.id, prescription: programmeExercise.prescription, profile: profile,
            includeLibraryOnly: includeLibraryOnly, anyLevel: anyLevel)
    }

    /// The exercise as the rules would prescribe it leading a session of its own (id `swap`: a
    /// compound as a main lift, an isolation exercise as an accessory), and its alternatives with
    /// that prescription.
    public func alternatives(
        toExerciseID exerciseID: String, for profile: TrainingProfile, includeLibraryOnly: Bool = false,
        anyLevel: Bool = false
    ) throws(ProgrammeGeneratorError) -> SwapList {
        let index = try index(of: exerciseID)
        let exercise = catalog.exercises[index]
        let prescription = Prescription(
            goal: profile.goal, experience: profile.experience, role: exercise.isIsolation ? .accessory : .main,
            isPriority: profile.priorityMuscles.contains { $0.slug == catalog.muscleSlugs[index] },
            load: catalog.loads[index])
        let slotID = "swap"
        return SwapList(
            exercise: ProgrammeExercise(
                id: slotID, exercise: exercise, prescription: prescription,
                risks: risks(of: index, profile: profile)),
            alternatives: alternatives(
                to: index, slotID: slotID, prescription: prescription, profile: profile,
                includeLibraryOnly: includeLibraryOnly, anyLevel: anyLevel))
    }

    private func index(of exerciseID: String) throws(ProgrammeGeneratorError) -> Int {
        guard let index = catalog.indexByID[exerciseID] else {
            throw ProgrammeGeneratorError(.unknownExercise, "no exercise has the id \"\(exerciseID)\"")
        }
        return index
    }

    private func risks(of index: Int, profile: TrainingProfile) -> [JointRisk] {
        let injured = Set(profile.injuries.map(\.slug))
        return zip(catalog.jointRisks[index], catalog.jointRiskSlugs[index]).compactMap {
            injured.contains($1) ? $0 : nil
        }
    }

    private func alternatives(
        to index: Int, slotID: String, prescription: Prescription, profile: TrainingProfile, includeLibraryOnly: Bool,
        anyLevel: Bool
    ) -> [ProgrammeExercise] {
        let original = catalog.exercises[index]
        let ceiling = anyLevel ? Int.max : profile.experience.complexityCeiling
        let takesSpecialist = prescription.maximumReps <= 6
            && prescription.restSeconds < profile.goal.restSeconds(role: .main)
        let takesEccentric = prescription.maximumReps <= 5 && (anyLevel || profile.experience.takesEccentricOnly)
        let candidates = catalog.exercises.indices.filter { candidate in
            let exercise = catalog.exercises[candidate]
            return candidate != index && exercise.canonicalName == original.canonicalName
                && (includeLibraryOnly || exercise.includeInProgramme)
                && profile.equipment.allows(exercise) && exercise.complexity <= ceiling
                && (exercise.selectionTier < 3 || takesSpecialist)
                && (!catalog.loads[candidate].isEccentricOnly || takesEccentric)
        }
        let ranked = candidates.map { candidate in
            (index: candidate, risks: risks(of: candidate, profile: profile))
        }
        .filter { options.injuryPolicy == .warn || !$0.risks.isWarned }
        .sorted { a, b in
            let first = catalog.exercises[a.index]
            let second = catalog.exercises[b.index]
            return (
                a.risks.weight, abs(first.complexity - original.complexity),
                first.displayName.lowercased(), first.displayName, first.id
            ) < (
                b.risks.weight, abs(second.complexity - original.complexity),
                second.displayName.lowercased(), second.displayName, second.id
            )
        }
        return ranked.map { candidate in
            ProgrammeExercise(
                id: slotID, exercise: catalog.exercises[candidate.index], prescription: prescription,
                risks: candidate.risks)
        }
    }
}
