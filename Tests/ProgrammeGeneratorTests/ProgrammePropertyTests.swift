import Catalog
import Foundation
import OrderedJSON
import ProgrammeGenerator
import Testing

/// Properties of every programme over the questionnaire space, on the committed catalogue.
@Suite("programme properties over the questionnaire space")
struct ProgrammePropertyTests {
    @Test("every rule holds, under both injury policies", arguments: QuestionnaireSpace.bases)
    func everyRuleHolds(base: QuestionnaireSpace.Base) throws {
        let catalog = try CommittedCatalog.catalog()
        for (offset, questionnaire) in QuestionnaireSpace.questionnaires(for: base).enumerated() {
            let profile = try TrainingProfile(questionnaire, catalog: catalog)
            for policy in InjuryPolicy.allCases {
                let options = GeneratorOptions(injuryPolicy: policy)
                let generator = ProgrammeGenerator(catalog: catalog, options: options)
                let programme = try generator.generate(
                    from: questionnaire, seed: UInt64(base.index), createdDate: SmallCatalog.createdDate)
                let label = "\(base.testDescription) · \(QuestionnaireSpace.equipmentProfiles[offset].name) · "
                    + "priority \(questionnaire.targetMuscleGroups) · injuries \(questionnaire.injuries) · \(policy)"
                ProgrammeInvariants(catalog: catalog, profile: profile, options: options).check(programme, label)
            }
        }
    }

    @Test(
        "a priority muscle gets more weekly sets than without it, where the catalogue, caps and time allow",
        arguments: QuestionnaireSpace.bases)
    func priorityAddsSets(base: QuestionnaireSpace.Base) throws {
        for comparison in try PriorityComparison.alone(base) {
            #expect(comparison.after > comparison.before, "\(comparison.label)")
        }
    }

    @Test(
        "with several priorities, the first listed gets more weekly sets than without it, where the rules allow",
        arguments: QuestionnaireSpace.bases)
    func eachOfSeveralPrioritiesAddsSets(base: QuestionnaireSpace.Base) throws {
        for comparison in try PriorityComparison.amongOthers(base) {
            #expect(comparison.after > comparison.before, "\(comparison.label)")
        }
    }

    @Test("the priority comparisons are not skipped wholesale")
    func priorityComparisonsRun() throws {
        let sample = QuestionnaireSpace.bases.filter { $0.index % 6 == 0 }
        let alone = try sample.reduce(0) { $0 + (try PriorityComparison.alone($1).count) }
        let amongOthers = try sample.reduce(0) { $0 + (try PriorityComparison.amongOthers($1).count) }
        // Five questionnaires per base; many have room for a priority. Fewer than half since
        // strength compounds rest at least 150 s and injured users' slots are refilled around
        // their injuries, both of which leave less room.
        #expect(alone >= sample.count * 2, "only \(alone) single-priority comparisons")
        #expect(amongOthers >= sample.count / 3, "only \(amongOthers) several-priority comparisons")
    }

    @Test("the same questionnaire, catalogue and seed give the same bytes, whatever the catalogue's order")
    func determinism() throws {
        let content = try CommittedCatalog.content()
        let muscles = try CommittedCatalog.muscles()
        let catalog = GeneratorCatalog(
            exercises: content.exercises, contraindications: content.contraindications, exceptions: content.exceptions,
            muscles: muscles)
        let reversed = GeneratorCatalog(
            exercises: content.exercises.reversed(), contraindications: content.contraindications.reversed(),
            exceptions: content.exceptions.reversed(), muscles: muscles.reversed())
        for base in QuestionnaireSpace.bases where base.index % 7 == 0 {
            for questionnaire in QuestionnaireSpace.questionnaires(for: base) {
                func bytes(_ catalog: GeneratorCatalog) throws -> Data {
                    try OrderedJSONEncoder().encode(
                        ProgrammeGenerator(catalog: catalog)
                            .generate(from: questionnaire, seed: 99, createdDate: SmallCatalog.createdDate))
                }
                let first = try bytes(catalog)
                let second = try bytes(catalog)
                let third = try bytes(reversed)
                #expect(first == second && first == third, "\(base.testDescription)")
            }
        }
    }

    @Test("A and B sessions of the same kind differ in at least half their exercises on a full gym")
    func abSessionsDiffer() throws {
        let catalog = try CommittedCatalog.catalog()
        let gym = QuestionnaireSpace.equipmentProfiles[4]
        for base in QuestionnaireSpace.bases where [2, 4, 6].contains(base.days) {
            let questionnaire = Questionnaire(
                primaryGoal: base.goal.rawValue, experienceLevel: base.experience.rawValue,
                equipmentAvailable: gym.available, trainingDaysPerWeek: base.days,
                sessionDuration: base.duration.rawValue)
            let programme = try ProgrammeGenerator(catalog: catalog)
                .generate(from: questionnaire, seed: 5, createdDate: SmallCatalog.createdDate)
            let byKind = Dictionary(grouping: programme.sessions) {
                $0.dayName.split(separator: " ").dropLast().joined(separator: " ")
            }
            for (kind, sessions) in byKind where sessions.count == 2 {
                let first = Set(sessions[0].exercises.map(\.exerciseId))
                let second = sessions[1].exercises.map(\.exerciseId)
                let differing = second.count { !first.contains($0) }
                #expect(2 * differing >= second.count, "\(base.testDescription): \(kind) B repeats A: \(second)")
            }
        }
    }
}
