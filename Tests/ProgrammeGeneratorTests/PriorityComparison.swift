import Catalog
import ProgrammeGenerator

/// A priority muscle's weekly sets with the priority and without it, same seed: the property
/// tests expect more with it wherever `PriorityRoom` says the rules leave room.
struct PriorityComparison {
    var label: String
    var before: Int
    var after: Int

    /// Each questionnaire of the base with one muscle alone as its priority (every muscle of
    /// the catalogue in turn), against no priority.
    static func alone(_ base: QuestionnaireSpace.Base) throws -> [PriorityComparison] {
        let catalog = try CommittedCatalog.catalog()
        let generator = ProgrammeGenerator(catalog: catalog)
        var comparisons: [PriorityComparison] = []
        for (offset, questionnaire) in QuestionnaireSpace.questionnaires(for: base).enumerated() {
            let muscle = catalog.muscles[(base.index + offset) % catalog.muscles.count]
            var plain = questionnaire
            plain.targetMuscleGroups = []
            var prioritised = questionnaire
            prioritised.targetMuscleGroups = [muscle]
            let without = try generator.generate(from: plain, seed: 3)
            let profile = try TrainingProfile(plain, catalog: catalog)
            guard PriorityRoom(muscle: muscle, programme: without, catalog: catalog, profile: profile).allowsMore else {
                continue
            }
            let with = try generator.generate(from: prioritised, seed: 3)
            comparisons.append(
                PriorityComparison(
                    label: "\(base.testDescription) · \(QuestionnaireSpace.equipmentProfiles[offset].name) · \(muscle)",
                    before: ProgrammeInvariants.weeklySets(without)[muscle.slug, default: 0],
                    after: ProgrammeInvariants.weeklySets(with)[muscle.slug, default: 0]))
        }
        return comparisons
    }

    /// Each muscle of the questionnaires' several priorities against the same priorities
    /// without it. Priorities compete for a session's time, the first ones winning, so a
    /// programme that ran out of time is left out.
    static func amongOthers(_ base: QuestionnaireSpace.Base) throws -> [PriorityComparison] {
        let catalog = try CommittedCatalog.catalog()
        let generator = ProgrammeGenerator(catalog: catalog)
        var comparisons: [PriorityComparison] = []
        for (offset, questionnaire) in QuestionnaireSpace.questionnaires(for: base).enumerated()
        where questionnaire.targetMuscleGroups.count > 1 {
            let with = try generator.generate(from: questionnaire, seed: 3)
            let ranOutOfTime = with.sessions.flatMap(\.emptySlots).contains { $0.reason.hasPrefix("no time left") }
            guard !ranOutOfTime else { continue }
            for muscle in questionnaire.targetMuscleGroups {
                var others = questionnaire
                others.targetMuscleGroups.removeAll { $0 == muscle }
                let without = try generator.generate(from: others, seed: 3)
                let profile = try TrainingProfile(others, catalog: catalog)
                guard PriorityRoom(muscle: muscle, programme: without, catalog: catalog, profile: profile).allowsMore
                else { continue }
                comparisons.append(
                    PriorityComparison(
                        label: "\(base.testDescription) · \(QuestionnaireSpace.equipmentProfiles[offset].name) · "
                            + "\(questionnaire.targetMuscleGroups) · \(muscle)",
                        before: ProgrammeInvariants.weeklySets(without)[muscle.slug, default: 0],
                        after: ProgrammeInvariants.weeklySets(with)[muscle.slug, default: 0]))
            }
        }
        return comparisons
    }
}
