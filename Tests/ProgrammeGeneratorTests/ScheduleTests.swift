import Catalog
import ProgrammeGenerator
import Testing
import TrainingCalendar
import UserStore

/// Business rules §3a-b and the programme's own identity: weekdays, no exercise on two days in a
/// row, the warm-up, the id and the creation date.
@Suite("the week, the warm-up and the programme's identity")
struct ScheduleTests {
    @Test("no exercise falls on two consecutive calendar days, even when the catalogue is thin")
    func noExerciseTwoDaysInARow() throws {
        // One abs exercise and one plank: Legs A (Wed) and Push B (Thu) both want abs.
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile(days: 6))
        for (today, tomorrow) in zip(programme.sessions, programme.sessions.dropFirst())
        where tomorrow.weekday.offsetFromMonday == today.weekday.offsetFromMonday + 1 {
            let shared = Set(today.exercises.map(\.exerciseId)).intersection(tomorrow.exercises.map(\.exerciseId))
            #expect(shared.isEmpty, "\(today.dayName) and \(tomorrow.dayName) share \(shared)")
        }
    }

    static let warmUps: [Exercise] = [
        ("jumping_jacks", "Cardio", "Calves"), ("exercise_bike", "Cardio", "Quads"),
        ("arm_circles", "Mobility", "Shoulders"), ("thoracic_rotation", "Mobility", "Back"),
        ("leg_swings", "Mobility", "Hamstrings"), ("hip_circles", "Mobility", "Glutes"),
        ("chest_stretch", "Stretch", "Chest"),
    ].map { id, pattern, muscle in
        SmallCatalog.exercise(
            id, group: id, pattern: pattern, muscle: muscle, isolation: true,
            category: id == "exercise_bike" ? "Cardio Machines" : "Bodyweight", programme: false)
    }

    static let regions: [Muscle] = [
        ("Shoulders", "upper"), ("Back", "upper"), ("Chest", "upper"), ("Biceps", "upper"), ("Triceps", "upper"),
        ("Forearms", "upper"), ("Hamstrings", "lower"), ("Glutes", "lower"), ("Quads", "lower"), ("Calves", "lower"),
        ("Abs", "core"), ("Obliques", "core"),
    ].map { Muscle(name: $0, slug: $0.lowercased(), bodyRegion: $1) }

    @Test("each session opens with five minutes: cardio, then two drills for its body region")
    func warmUp() throws {
        var generator = SplitMix64(seed: 3)
        let catalog = GeneratorCatalog(
            exercises: SmallCatalog.gym + Self.warmUps, contraindications: [], muscles: Self.regions)
        let programme = try ProgrammeGenerator(catalog: catalog).generate(
            for: SmallCatalog.profile(equipment: ["dumbbells"]), createdDate: SmallCatalog.createdDate,
            using: &generator)
        for session in programme.sessions {
            #expect(session.warmUp.reduce(0) { $0 + $1.minutes } == 5, "\(session.dayName)")
            #expect(session.warmUp.first?.exerciseId == "jumping_jacks", "no bike without one: \(session.dayName)")
        }
        #expect(
            programme.sessions[0].warmUp.dropFirst().map(\.exerciseId).sorted() == ["arm_circles", "thoracic_rotation"])
        #expect(programme.sessions[2].warmUp.dropFirst().map(\.exerciseId).sorted() == ["hip_circles", "leg_swings"])
        #expect(programme.sessions[0].warmUp.map(\.exerciseName) == programme.sessions[0].warmUp.map {
            SmallCatalog.displayName($0.exerciseId)
        })
    }

    @Test(
        "a warm-up leaves out what may aggravate a recorded injury, under either policy",
        arguments: InjuryPolicy.allCases)
    func warmUpAvoidsInjuries(policy: InjuryPolicy) throws {
        var generator = SplitMix64(seed: 3)
        let catalog = GeneratorCatalog(
            exercises: SmallCatalog.gym + Self.warmUps,
            contraindications: [Contraindication(canonicalName: "arm_circles", joint: "Shoulder", notes: "")],
            muscles: Self.regions)
        let programme = try ProgrammeGenerator(catalog: catalog, options: GeneratorOptions(injuryPolicy: policy))
            .generate(
            for: SmallCatalog.profile(injuries: ["shoulder"]), createdDate: SmallCatalog.createdDate, using: &generator)
        #expect(!programme.sessions.flatMap(\.warmUp).contains { $0.exerciseId == "arm_circles" })
        #expect(programme.sessions[0].warmUp.map(\.exerciseId).contains("thoracic_rotation"))
    }

    @Test("the id follows from the inputs: same inputs, same id; another date or questionnaire, another id")
    func programmeID() throws {
        let profile = SmallCatalog.profile()
        let first = try SmallCatalog.generate(SmallCatalog.gym, profile: profile)
        let again = try SmallCatalog.generate(SmallCatalog.gym, profile: profile)
        #expect(first.id == again.id)
        #expect(first.id.count == 36 && first.id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(first.id.dropFirst(14).first == "8")

        var generator = SplitMix64(seed: 7)
        let later = try ProgrammeGenerator(
            catalog: GeneratorCatalog(exercises: SmallCatalog.gym, contraindications: [])
        )
            .generate(for: profile, createdDate: SmallCatalog.createdDate.adding(days: 1), using: &generator)
        #expect(later.createdDate == SmallCatalog.createdDate.adding(days: 1))
        #expect(later.sessions == first.sessions && later.id != first.id)
        let other = try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile(days: 4))
        #expect(other.id != first.id)
    }
}
