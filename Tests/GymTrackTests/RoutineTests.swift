import GRDB
import GymTrack
import TestSupport
import Testing

/// The routines of seed 002 §5, as data, against the committed catalogue.
@Suite("GymTrack routines")
struct RoutineTests {
    @Test("three routines, A, B and C, of 9, 7 and 7 steps, the challenge second in each")
    func shape() throws {
        let routines = try Routines.all()
        #expect(routines.map(\.type) == [.a, .b, .c])
        #expect(routines.map(\.steps.count) == [9, 7, 7])
        #expect(
            routines.map(\.name) == ["Day A — Upper Strength", "Day B — Cardio + Core", "Day C — Mixed / Maintenance"])
        for routine in routines {
            let challenge = routine.steps.indices.filter { routine.steps[$0].isDailyChallenge }
            #expect(challenge == [1])
        }
        let rows = try Routines.routine(.a).steps[2]
        #expect(rows.title == "Dumbbell rows (pull)")
        #expect(rows.sets == "1 warm-up + 3 working")
        #expect(rows.amount == "10 reps / side")
        #expect(rows.notes == "Elbow back and up, knee on bench")
        #expect(try Routines.routine(.b).steps[6].detail?.count == 4)
        #expect(try Routines.routine(.c).steps[0].timerSeconds == 900)
    }

    @Test("every exercise id a routine names is in the committed catalogue")
    func idsExistInTheCatalogue() throws {
        let queue = try DatabaseQueue(path: try CommittedCatalogue.databasePath())
        let known = Set(try queue.read { db in try String.fetchAll(db, sql: "SELECT id FROM exercises") })
        #expect(known.count > 100)
        let routines = try Routines.all()
        #expect(Routines.unknownExerciseIds(in: routines, known: known) == [])
        #expect(routines.allSatisfy { $0.steps.allSatisfy { !$0.exerciseIds.isEmpty } })
    }

    @Test("the check names the routine, the step and the id the catalogue lacks")
    func checkFailsOnAnUnknownId() throws {
        let step = Routine.Step(
            title: "Plank", sets: "2", amount: "30 sec", notes: nil, exerciseIds: ["plank", "plonk"])
        let routine = Routine(type: .b, title: "Test", focus: "", targetMinutes: "1", steps: [step])
        #expect(
            Routines.unknownExerciseIds(in: [routine], known: ["plank"])
                == [#"Day B step 1 (Plank): no exercise "plonk" in the catalogue"#])
    }
}
