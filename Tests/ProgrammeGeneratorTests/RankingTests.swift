import Catalog
import ProgrammeGenerator
import Testing

/// Business rules §3: how a slot's candidates are ranked, and the specialist rule.
@Suite("ranking a slot's candidates")
struct RankingTests {
    static func squat(_ id: String, complexity: Int = 2, tier: Int, category: String = "Dumbbells") -> Exercise {
        SmallCatalog.exercise(id, group: id, pattern: "Squat", muscle: "Quads", complexity: complexity, tier: tier,
                              category: category)
    }

    static func legs(_ exercises: [Exercise], _ profile: TrainingProfile) throws -> ProgrammeSession {
        try #require(try SmallCatalog.generate(exercises, profile: profile).sessions.first { $0.dayName == "Legs" })
    }

    @Test("a staple before a standard exercise, whatever their levels")
    func tierComesBeforeComplexity() throws {
        let squats = [
            Self.squat("jump_squat", complexity: 3, tier: 3), Self.squat("front_squat", complexity: 3, tier: 2),
                      Self.squat("goblet_squat", complexity: 1, tier: 1)]
        let legs = try Self.legs(squats, SmallCatalog.profile(goal: .getStronger, experience: .confidentAndConsistent))
        #expect(legs.exercises.first?.exerciseId == "goblet_squat")
    }

    @Test("with equipment, a loaded exercise before an unloaded bodyweight one of the same tier")
    func loadedBeforeBodyweight() throws {
        let squats = [Self.squat("air_squat", complexity: 1, tier: 1, category: "Bodyweight"),
                      Self.squat("goblet_squat", complexity: 2, tier: 1)]
        let equipped = try Self.legs(
            squats, SmallCatalog.profile(experience: .justStartingOut, equipment: ["dumbbells"]))
        #expect(equipped.exercises.first?.exerciseId == "goblet_squat")
        // Without equipment besides bodyweight, the level decides.
        let bodyweight = try Self.legs(
            squats, SmallCatalog.profile(experience: .justStartingOut, equipment: ["bodyweight"]))
        #expect(bodyweight.exercises.first?.exerciseId == "air_squat")
    }

    @Test("a specialist move is never a main lift, even when it is all the slot has")
    func specialistNeverMain() throws {
        let legs = try Self.legs([Self.squat("jump_squat", complexity: 2, tier: 3)],
                                 SmallCatalog.profile(goal: .getStronger, experience: .confidentAndConsistent))
        #expect(legs.exercises.isEmpty)
        #expect(legs.emptySlots.first?.reason.contains("specialist moves") == true)
    }

    @Test("a specialist move comes after the main lifts, for strength work from Getting Comfortable, at 4-6 reps",
          arguments: [
            (Goal.getStronger, ExperienceLevel.gettingComfortable, true),
            (.getStronger, .confidentAndConsistent, true),
            (.getStronger, .findingMyFeet, false),
            (.buildMuscle, .confidentAndConsistent, false),
            (.toneUp, .confidentAndConsistent, false),
          ])
    func specialistAsSecondaryCompound(goal: Goal, experience: ExperienceLevel, allowed: Bool) throws {
        let exercises = [
            Self.squat("back_squat", tier: 1),
            SmallCatalog.exercise("deadlift", group: "Deadlift", pattern: "Hinge", muscle: "Hamstrings", tier: 1),
            SmallCatalog.exercise(
                "jump_lunge", group: "Jump Lunge", pattern: "Lunge", muscle: "Quads", complexity: 2, tier: 3),
        ]
        let legs = try Self.legs(exercises, SmallCatalog.profile(goal: goal, experience: experience))
        let jump = legs.exercises.first { $0.exerciseId == "jump_lunge" }
        #expect((jump != nil) == allowed)
        if let jump {
            #expect(jump.repRange == "4-6" && legs.exercises.firstIndex(of: jump) == 2)
        }
    }
}
