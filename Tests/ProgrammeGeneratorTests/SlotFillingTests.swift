import Catalog
import ProgrammeGenerator
import Testing

/// How slots are filled, on catalogues written here: exact picks and exact reasons.
@Suite("filling slots")
struct SlotFillingTests {
    static let bench = SmallCatalog.exercise("bench_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2)
    static let pushUp = SmallCatalog.exercise("push_up", group: "Push-Up", pattern: "Horizontal Push", muscle: "Chest", complexity: 1)
    static let barbellDeadlift = SmallCatalog.exercise(
        "barbell_deadlift", group: "Deadlift", pattern: "Hinge", muscle: "Back", complexity: 1, category: "Barbells")

    func push(_ programme: Programme) throws -> ProgrammeSession {
        try #require(programme.sessions.first { $0.dayName.hasPrefix("Push") })
    }

    @Test("a slot nothing can fill stays empty, and says why")
    func emptySlotReasons() throws {
        let programme = try SmallCatalog.generate(
            [Self.barbellDeadlift, Self.bench], profile: SmallCatalog.profile(equipment: ["dumbbells"], days: 3))
        let legs = programme.sessions[2]
        #expect(legs.exercises.isEmpty && legs.estimatedMinutes == 0)
        #expect(legs.emptySlots.prefix(2) == [
            EmptySlot(slot: "Squat", reason: "the catalogue has no squat exercise for programmes"),
            EmptySlot(slot: "Hinge", reason: "no hinge exercise with the selected equipment"),
        ])
        #expect(programme.warnings.contains("Pull and Legs have no exercises: nothing in the catalogue fits their slots with your equipment and level."))
    }

    @Test("library-only exercises are never picked")
    func libraryOnly() throws {
        let stretch = SmallCatalog.exercise("chest_stretch", group: "Stretch", pattern: "Horizontal Push", muscle: "Chest", programme: false)
        let session = try push(try SmallCatalog.generate([stretch], profile: SmallCatalog.profile()))
        #expect(session.exercises.isEmpty)
        #expect(session.emptySlots.first == EmptySlot(slot: "Horizontal push", reason: "the catalogue has no horizontal push exercise for programmes"))
    }

    @Test("no session repeats a canonical group: the second horizontal push needs another group")
    func noRepeatedGroup() throws {
        let dumbbellBench = SmallCatalog.exercise("dumbbell_bench", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest")
        let session = try push(try SmallCatalog.generate([Self.bench, dumbbellBench], profile: SmallCatalog.profile()))
        #expect(session.exercises.count == 1)
        #expect(session.emptySlots.contains(EmptySlot(
            slot: "Horizontal push",
            reason: "no horizontal push exercise with the selected equipment that this session does not already have")))
    }

    @Test("exclude refills the slot from the same pattern; warn keeps the best pick and flags it")
    func injuryPolicies() throws {
        let contraindications = [Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: "")]
        let profile = SmallCatalog.profile(experience: .findingMyFeet, injuries: ["Shoulder"])
        let warned = try push(try SmallCatalog.generate([Self.bench, Self.pushUp], contraindications: contraindications, profile: profile))
        #expect(warned.exercises.map(\.exerciseId) == ["bench_press", "push_up"])
        #expect(warned.exercises[0].warnings == [InjuryWarning(joint: "Shoulder")])
        #expect(warned.exercises[1].warnings.isEmpty)

        let excluded = try push(try SmallCatalog.generate(
            [Self.bench, Self.pushUp], contraindications: contraindications, profile: profile, policy: .exclude))
        #expect(excluded.exercises.map(\.exerciseId) == ["push_up"])
        #expect(excluded.emptySlots.contains(EmptySlot(
            slot: "Horizontal push",
            reason: "every horizontal push exercise with the selected equipment may aggravate the injury in your shoulder")))
    }

    @Test("compounds come first, whatever the slot order")
    func compoundsFirst() throws {
        let session = try push(try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile()))
        let kinds = session.exercises.map(\.isIsolation)
        #expect(kinds == kinds.sorted { !$0 && $1 })
        #expect(kinds.contains(true) && kinds.contains(false))
    }

    @Test("A and B sessions differ where the catalogue allows")
    func abSessions() throws {
        // Three exercises per pattern: B repeats one of A's only when A and B need more than three.
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile(days: 6))
        func pattern(_ id: String) -> String { String(id.dropLast(2)) }
        for (a, b) in [(0, 3), (1, 4), (2, 5)] {
            let first = programme.sessions[a].exercises.map(\.exerciseId)
            let second = programme.sessions[b].exercises.map(\.exerciseId)
            #expect(first != second)
            for shared in Set(first).intersection(second) {
                let needed = (first + second).filter { pattern($0) == pattern(shared) }.count
                #expect(needed > 3, "\(programme.sessions[b].dayName) repeats \(shared) with another on offer")
            }
        }
    }

    @Test(
        "a priority muscle: one more set on its exercises, an extra isolation slot in up to two sessions",
        arguments: [(2, ["Pull", "Upper"]), (1, ["Pull"])])
    func priorityMuscle(sessionsPerWeek: Int, expected: [String]) throws {
        // Hybrid week of short sessions: Pull and Upper train biceps, one isolation each.
        let catalog = GeneratorCatalog(exercises: SmallCatalog.gym, contraindications: [])
        let options = GeneratorOptions(priorityIsolationSessionsPerWeek: sessionsPerWeek)
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let plain = try ProgrammeGenerator(catalog: catalog, options: options).generate(
            for: SmallCatalog.profile(goal: .toneUp, experience: .justStartingOut, days: 5, duration: .short),
            using: &first)
        let prioritised = try ProgrammeGenerator(catalog: catalog, options: options).generate(
            for: SmallCatalog.profile(
                goal: .toneUp, priorityMuscles: ["Biceps"], experience: .justStartingOut, days: 5, duration: .short),
            using: &second)
        for exercise in prioritised.sessions.flatMap(\.exercises) {
            #expect(exercise.sets == (exercise.primaryMuscle == "Biceps" ? 4 : 3))
        }
        func bicepsIsolations(_ session: ProgrammeSession) -> Int {
            session.exercises.filter { $0.primaryMuscle == "Biceps" && $0.isIsolation }.count
        }
        let extra = zip(plain.sessions, prioritised.sessions).filter { bicepsIsolations($1) > bicepsIsolations($0) }
        #expect(extra.map(\.1.dayName) == expected)
        #expect(
            ProgrammeInvariants.weeklySets(prioritised)["biceps", default: 0]
                > ProgrammeInvariants.weeklySets(plain)["biceps", default: 0])
    }

    @Test("a priority muscle with no isolation exercise gets its extra sets and a warning")
    func priorityWithoutIsolation() throws {
        let profile = SmallCatalog.profile(priorityMuscles: ["Chest"])
        let programme = try SmallCatalog.generate([Self.bench, Self.pushUp], profile: profile)
        #expect(programme.sessions[0].exercises.map(\.sets) == [5, 5])
        #expect(programme.warnings.first == "Chest is a priority, but no session has room for an extra chest isolation exercise with your equipment and level: chest exercises get one extra set each.")
    }

    @Test("a muscle never gets more than 10 sets in a session")
    func sessionCap() throws {
        // Confident & Consistent, chest a priority: 6 sets a chest compound, 5 a chest isolation.
        let profile = SmallCatalog.profile(goal: .toneUp, priorityMuscles: ["Chest"], experience: .confidentAndConsistent)
        let session = try push(try SmallCatalog.generate(SmallCatalog.gym, profile: profile))
        let chest = session.exercises.filter { $0.primaryMuscle == "Chest" }.reduce(0) { $0 + $1.sets }
        #expect(chest <= 10 && chest > 0)
        #expect(session.emptySlots.contains { $0.reason == "chest would go over 10 sets in this session" })
    }

    @Test("a muscle never gets more than the weekly cap, here lowered to 8")
    func weeklyCap() throws {
        var generator = SplitMix64(seed: 1)
        let programme = try ProgrammeGenerator(
            catalog: GeneratorCatalog(exercises: SmallCatalog.gym, contraindications: []),
            options: GeneratorOptions(maximumSetsPerMusclePerWeek: 8)
        ).generate(for: SmallCatalog.profile(days: 6), using: &generator)
        for (muscle, sets) in ProgrammeInvariants.weeklySets(programme) {
            #expect(sets <= 8, "\(muscle): \(sets)")
        }
        #expect(programme.sessions.flatMap(\.emptySlots).contains { $0.reason == "chest would go over 8 sets this week" })
    }

    @Test("a session never runs over its time: the slots that do not fit stay empty and the programme says so")
    func timeLimit() throws {
        // Get stronger, Confident & Consistent: a compound takes 5 × 220 s + 90 s ≈ 19.8 min.
        let profile = SmallCatalog.profile(goal: .getStronger, experience: .confidentAndConsistent, duration: .short)
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: profile)
        let session = try push(programme)
        #expect(session.estimatedMinutes <= 45)
        #expect(session.exercises.count < 4)
        #expect(session.exercises.count + session.emptySlots.count == 4)
        #expect(session.emptySlots.allSatisfy { $0.reason.hasPrefix("no time left in a 30-45 min session for another ") })
        #expect(programme.warnings.contains { $0.contains("fit fewer than 4 exercises in 30-45 min") })
    }
}
