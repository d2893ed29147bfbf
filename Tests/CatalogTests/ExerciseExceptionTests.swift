import Catalog
import Foundation
import TestSupport
import Testing

/// The committed catalogue's exercise exceptions, as the app reads them.
@Suite("exercise exceptions in the database")
struct ExerciseExceptionTests {
    @Test("an exercise's joints are its group's, less those it is safe or modified for, plus its own")
    func jointsApplyTheExceptions() throws {
        let catalog = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        // Overhead presses may aggravate the lower back; the back-supported seated press may not,
        // and the other joints allow it with a cue.
        #expect(try catalog.contraindications(forCanonicalName: "Overhead Press").map(\.joint)
            == ["Elbow", "Lower Back", "Shoulder", "Wrist"])
        #expect(try catalog.contraindicatedJoints(forExercise: "seated_dumbbell_shoulder_press") == [])
        #expect(try catalog.jointRisks(forExercise: "seated_dumbbell_shoulder_press") == [
            JointRisk(joint: "Elbow", cue: "light load, slow tempo"),
            JointRisk(joint: "Shoulder", cue: "neutral grip, in front of the head"),
            JointRisk(joint: "Wrist", cue: "wrist stacked over the forearm"),
        ])
        // The squat group spares the neck, the shoulder and the wrist; the bar across the upper
        // back does not.
        #expect(try catalog.contraindicatedJoints(forExercise: "barbell_back_squat")
            == ["Ankle", "Hip", "Knee", "Lower Back", "Neck", "Shoulder", "Wrist"])
        // The goblet squat is the squat each of the group's joints allows, each with its cue.
        #expect(try catalog.contraindicatedJoints(forExercise: "dumbbell_goblet_squat") == [])
        #expect(try catalog.jointRisks(forExercise: "dumbbell_goblet_squat")?.map(\.cue) == [
            "heels elevated", "stop before the pinch", "to a pain-free depth", "upright torso",
        ])
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
            #expect(
                try catalog.exercise(id: exception.exerciseId)?.includeInProgramme == true, "\(exception.exerciseId)")
            #expect(!exception.notes.isEmpty && exception.notes.count <= 160, "\(exception.exerciseId): notes")
            // A cue is a few words the user reads mid-set, on modified rows only.
            #expect((exception.cue != nil) == (exception.level == .modified), "\(exception.exerciseId): cue")
            #expect((exception.cue?.count ?? 0) <= 40, "\(exception.exerciseId): cue")
        }
    }

    @Test("every main movement pattern has a modified variation for each joint its groups are contraindicated for")
    func mainPatternsHaveModifiedVariations() throws {
        let catalog = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        let exercises = try catalog.exercises().filter(\.includeInProgramme)
        let contraindications = try catalog.contraindications()
        let exceptions = try catalog.exerciseExceptions()
        let risks = ExerciseException.risks(of: exercises, contraindications: contraindications, exceptions: exceptions)
        for pattern in [
            "Squat", "Hinge", "Lunge", "Horizontal Push", "Vertical Push", "Horizontal Pull", "Vertical Pull",
        ] {
            let members = exercises.filter { $0.movementPattern == pattern && !$0.isIsolation }
            let groups = Set(members.map(\.canonicalName))
            let joints = Set(contraindications.filter { groups.contains($0.canonicalName) }.map(\.joint))
            for joint in joints {
                // Allowed for the joint: safe for it, or allowed with a cue.
                let allowed = members.filter { member in
                    !(risks[member.id] ?? []).contains { $0.joint == joint && !$0.isModified }
                }
                #expect(!allowed.isEmpty, "\(pattern) × \(joint): nothing a user with that injury may do")
            }
        }
    }
}
