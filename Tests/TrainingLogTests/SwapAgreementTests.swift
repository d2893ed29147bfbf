import Catalog
import Foundation
import ProgrammeGenerator
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

/// `traindb log swap` accepts exactly what `traindb swap` lists for the same user: one rule,
/// SwapFinder's, tried on every slot of a week with the committed catalogue.
@Suite("a swap in the log is one traindb swap would list")
struct SwapAgreementTests {
    @Test(
        "for each slot, every exercise of its group is accepted exactly when SwapFinder lists it",
        arguments: [
            // The issue's user: dumbbells and bodyweight only, who was offered a cable pushdown.
            #"["dumbbells", "bodyweight"]"#,
            #"["barbells", "dumbbells", "bodyweight", "cable_machines", "pin_loaded_machines"]"#,
        ])
    func agreement(equipment: String) throws {
        let database = try CatalogDatabase(path: CommittedCatalogue.databasePath())
        let catalog = try LogCatalog(database: database)
        let questionnaire = """
            {"primaryGoal": "build_muscle", "experienceLevel": "6_months_2_years", "trainingDaysPerWeek": 3,
             "sessionDuration": "45-60 min", "equipmentAvailable": \(equipment)}
            """
        let profile = try TrainingProfile(json: Data(questionnaire.utf8), catalog: catalog.generator)
        let programme = try ProgrammeGenerator(catalog: catalog.generator)
            .generate(fromJSON: Data(questionnaire.utf8), seed: 7, createdDate: CalendarDate("2026-01-05")!)
        let finder = SwapFinder(catalog: catalog.generator)
        var checked = 0
        var refusedForEquipment = 0
        for session in programme.sessions {
            let clock = ManualClock(Timestamp.parse("2026-01-05T18:00:00Z")!)
            let log = try TrainingLog(
                inMemory: catalog, clock: clock, ids: SeededRowIDs(seed: 1),
                newUser: UserSettings(unit: .kg, timeZone: .gmt))
            try log.startProgramme(programme, questionnaireJSON: questionnaire, startDate: programme.createdDate)
            try log.startWorkout(session: session.dayName)
            for slot in session.exercises {
                let listed = Set(try finder.alternatives(to: slot, for: profile).map(\.exerciseId))
                let group = catalog.generator.exercises.filter {
                    $0.canonicalName == slot.canonicalName && $0.id != slot.exerciseId
                }
                for candidate in group {
                    var refusal: String?
                    do {
                        try log.swap(exercise: slot.exerciseId, for: candidate.id)
                        try log.swap(exercise: candidate.id, for: slot.exerciseId)
                    } catch {
                        refusal = error.message
                    }
                    #expect((refusal == nil) == listed.contains(candidate.id), "\(slot.exerciseId) → \(candidate.id)")
                    // A refusal says why, in the terms of business rules §5.
                    if let refusal, !profile.equipment.allows(candidate) {
                        #expect(refusal.contains("which the user's equipment does not include"), "\(refusal)")
                        refusedForEquipment += 1
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10, "only \(checked) candidates tried")
        #expect(refusedForEquipment > 0 || equipment.contains("cable"), "no refusal for equipment was tried")
    }
}
