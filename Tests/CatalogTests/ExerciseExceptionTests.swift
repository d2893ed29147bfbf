import Catalog
import Foundation
import TestSupport
import Testing

/// The committed catalogue's exercise exceptions, as the app reads them.
@Suite("exercise exceptions in the database")
struct ExerciseExceptionTests {
    @Test("an exercise's joints are its group's, less those it is safe for, plus its own")
    func jointsApplyTheExceptions() throws {
        let catalog = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        // Overhead presses may aggravate the lower back; the back-supported seated press may not.
        #expect(try catalog.contraindications(forCanonicalName: "Overhead Press").map(\.joint)
            == ["Elbow", "Lower Back", "Shoulder", "Wrist"])
        #expect(try catalog.contraindicatedJoints(forExercise: "seated_dumbbell_shoulder_press")
            == ["Elbow", "Shoulder", "Wrist"])
        // The squat group spares the neck; the bar across the upper back does not.
        #expect(try catalog.contraindicatedJoints(forExercise: "barbell_back_squat")
            == ["Ankle", "Hip", "Knee", "Lower Back", "Neck"])
        #expect(try catalog.contraindicatedJoints(forExercise: "dumbbell_goblet_squat") == ["Ankle", "Hip", "Knee"])
        #expect(try catalog.contraindicatedJoints(forExercise: "no_such_exercise") == nil)
    }

    @Test("every joint has exceptions, each naming a programme exercise and a joint of the injury question")
    func exceptionsNameKnownRows() throws {
        let catalog = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        let exceptions = try catalog.exerciseExceptions()
        let joints = Set(try catalog.joints().map(\.name))
        #expect(exceptions.count >= 60)
        for joint in joints {
            #expect(exceptions.contains { $0.joint == joint }, "\(joint) has no exception")
        }
        for exception in exceptions {
            #expect(joints.contains(exception.joint), "\(exception.exerciseId): \(exception.joint)")
            #expect(try catalog.exercise(id: exception.exerciseId)?.includeInProgramme == true, "\(exception.exerciseId)")
            #expect(!exception.notes.isEmpty && exception.notes.count <= 160, "\(exception.exerciseId): notes")
        }
    }
}
