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
            let without = try generator.generate(from: plain, seed: 3, createdDate: SmallCatalog.createdDate)
            let profile = try TrainingProfile(plain, catalog: catalog)
            guard PriorityRoom(muscle: muscle, programme: without, catalog: catalog, profile: profile).allowsMore else {
                continue
            }
            let with = try generator.generate(from: prioritised, seed: 3, createdDate: SmallCatalog.createdDate)
            comparisons.append(
                PriorityComparison(
                    label: "\(base.testDescription) · \(QuestionnaireSpace.equipmentProfiles[offset].name) · \(muscle)",
                    before: ProgrammeInvariants.weeklySets(without)[muscle.slug, default: 0],
                    after: ProgrammeInvariants.weeklySets(with)[muscle.slug, default: 0]))
        }
        return comparisons
    }

    /// The first muscle of the questionnaires' several priorities against the same priorities
    /// without it. Priorities compete for a session's places in the questionnaire's order, so
    /// the first one listed always has its extra slot's place; the later ones have theirs
    /// where the session's exercise count leaves room (each alone is compared by `alone`).
    static func amongOthers(_ base: QuestionnaireSpace.Base) throws -> [PriorityComparison] {
        let catalog = try CommittedCatalog.catalog()
        let generator = ProgrammeGenerator(catalog: catalog)
        var comparisons: [PriorityComparison] = []
        for (offset, questionnaire) in QuestionnaireSpace.questionnaires(for: base).enumerated()
        where questionnaire.targetMuscleGroups.count > 1 {
            guard let muscle = questionnaire.targetMuscleGroups.first else { continue }
            let with = try generator.generate(from: questionnaire, seed: 3, createdDate: SmallCatalog.createdDate)
            var others = questionnaire
            others.targetMuscleGroups.removeFirst()
            let without = try generator.generate(from: others, seed: 3, createdDate: SmallCatalog.createdDate)
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
        return comparisons
    }
}
