import Catalog
import ProgrammeGenerator
import Testing
import UserStore

/// How slots are filled, on catalogues written here: exact picks and exact reasons.
@Suite("filling slots")
struct SlotFillingTests {
    static let bench = SmallCatalog.exercise(
        "bench_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2)
    static let pushUp = SmallCatalog.exercise(
        "push_up", group: "Push-Up", pattern: "Horizontal Push", muscle: "Chest", complexity: 1, category: "Bodyweight")
    static let barbellDeadlift = SmallCatalog.exercise(
        "barbell_deadlift", group: "Deadlift", pattern: "Hinge", muscle: "Back", complexity: 1, category: "Barbells")

    func session(_ name: String, of programme: Programme) throws -> ProgrammeSession {
        try #require(programme.sessions.first { $0.dayName.hasPrefix(name) })
    }

    @Test("a core slot nothing can fill stays empty and names the true cause, once per cause")
    func emptyCoreSlots() throws {
        let programme = try SmallCatalog.generate(
            [Self.barbellDeadlift, Self.bench], profile: SmallCatalog.profile(equipment: ["dumbbells"], days: 3))
        let legs = try session("Legs", of: programme)
        #expect(legs.exercises.isEmpty && legs.estimatedMinutes == 0)
        #expect(legs.emptySlots == [
            EmptySlot(slot: "Squat", reason: "the catalogue has no squat exercise for programmes"),
            EmptySlot(slot: "Hinge", reason: "no hinge exercise uses the equipment you selected"),
        ])
        #expect(programme.warnings.contains(
            "Pull and Legs have no exercises: nothing in the catalogue fits their slots; see the empty slots for why."))
    }

    @Test("slots empty for the same cause share one line")
    func oneLinePerCause() throws {
        let machineRow = SmallCatalog.exercise(
            "machine_row", group: "Row", pattern: "Horizontal Pull", muscle: "Back", category: "Pin-loaded Machines")
        let pulldown = SmallCatalog.exercise(
            "pulldown", group: "Pulldown", pattern: "Vertical Pull", muscle: "Back", category: "Pin-loaded Machines")
        let pull = try session("Pull", of: try SmallCatalog.generate(
            [machineRow, pulldown], profile: SmallCatalog.profile(equipment: ["dumbbells"])))
        #expect(pull.emptySlots == [
            EmptySlot(
                slot: "Vertical pull, horizontal pull and back",
                reason: "no vertical pull, horizontal pull or back exercise uses the equipment you selected")
        ])
    }

    @Test("a slot that its reserves cover is not reported; a full session reports nothing")
    func reservesAreSilent() throws {
        let push = try session("Push", of: try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile()))
        #expect(push.emptySlots.isEmpty)
        #expect(push.exercises.count == 8)
    }

    @Test("library-only exercises are never picked")
    func libraryOnly() throws {
        let stretch = SmallCatalog.exercise(
            "chest_stretch", group: "Stretch", pattern: "Horizontal Push", muscle: "Chest", programme: false)
        let push = try session("Push", of: try SmallCatalog.generate([stretch], profile: SmallCatalog.profile()))
        #expect(push.exercises.isEmpty)
        #expect(push.emptySlots.first?.reason.hasPrefix("the catalogue has no horizontal push") == true)
    }

    @Test("no session repeats a canonical group; the second chest exercise comes from another")
    func noRepeatedGroup() throws {
        let dumbbellBench = SmallCatalog.exercise(
            "dumbbell_bench", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest")
        let incline = SmallCatalog.exercise(
            "incline_press", group: "Incline Press", pattern: "Horizontal Push", muscle: "Chest", complexity: 2,
            tier: 2)
        let push = try session("Push", of: try SmallCatalog.generate(
            [Self.bench, dumbbellBench, incline], profile: SmallCatalog.profile()))
        #expect(Set(push.exercises.map(\.canonicalName)) == ["Bench Press", "Incline Press"])
    }

    @Test("under warn a warned slot is left out, with the reason, where the session already trains its muscle safely")
    func warnedSlotDroppedWhereTheMuscleIsTrained() throws {
        let contraindications = [Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: "")]
        let profile = SmallCatalog.profile(experience: .findingMyFeet, injuries: ["Shoulder"])
        let push = try session("Push", of: try SmallCatalog.generate(
            [Self.bench, Self.pushUp], contraindications: contraindications, profile: profile))
        #expect(push.exercises.map(\.exerciseId) == ["push_up"])
        #expect(push.emptySlots.contains(EmptySlot(
            slot: "Chest",
            reason: "Bench Press, its best exercise, may aggravate the injury in your shoulder that you recorded, "
                + "and Push Up already trains your chest without a warning")))
    }

    @Test("a warned exercise is kept where nothing else trains its muscle, and never leads while a safe compound can")
    func warnedExerciseNeverLeads() throws {
        let contraindications = [Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: "")]
        let shoulderPress = SmallCatalog.exercise(
            "shoulder_press", group: "Shoulder Press", pattern: "Vertical Push", muscle: "Shoulders")
        let row = SmallCatalog.exercise("row", group: "Row", pattern: "Horizontal Pull", muscle: "Back")
        let profile = SmallCatalog.profile(
            experience: .findingMyFeet, injuries: ["Shoulder"], days: 2, duration: .medium)
        let programme = try SmallCatalog.generate(
            [Self.bench, shoulderPress, row], contraindications: contraindications, profile: profile)
        let fullBody = try session("Full Body A", of: programme)
        // The template leads with the horizontal push, but the warned bench press waits: the
        // shoulder press and the row lead, and the bench press follows with its warning.
        #expect(fullBody.exercises.map(\.exerciseId) == ["row", "shoulder_press", "bench_press"])
        #expect(fullBody.exercises[2].warnings == [InjuryWarning(joint: "Shoulder")])
        #expect(fullBody.exercises[2].restSeconds == Goal.buildMuscle.restSeconds(role: .secondary))
    }

    @Test("a modified exercise carries its cue instead of a warning and ranks between safe and contraindicated")
    func modifiedExercisesShowTheirCue() throws {
        let contraindications = [
            Contraindication(canonicalName: "Leg Press", joint: "Knee", notes: ""),
            Contraindication(canonicalName: "Squat", joint: "Knee", notes: ""),
        ]
        let squat = SmallCatalog.exercise("back_squat", group: "Squat", pattern: "Squat", muscle: "Quads")
        let legPress = SmallCatalog.exercise(
            "leg_press", group: "Leg Press", pattern: "Squat", muscle: "Quads", tier: 2)
        let modified = ExerciseException(
            exerciseId: "leg_press", joint: "Knee", level: .modified, cue: "to a pain-free depth",
            notes: "Depth is the lever.")
        let profile = SmallCatalog.profile(experience: .findingMyFeet, injuries: ["knee"])
        for policy in InjuryPolicy.allCases {
            let legs = try session("Legs", of: try SmallCatalog.generate(
                [squat, legPress], contraindications: contraindications, exceptions: [modified], profile: profile,
                policy: policy))
            // The tier-2 leg press allowed with a cue beats the contraindicated staple, under both policies.
            let first = try #require(legs.exercises.first)
            #expect(first.exerciseId == "leg_press", "\(policy)")
            #expect(first.warnings.isEmpty && first.cues == [InjuryCue(joint: "Knee", cue: "to a pain-free depth")])
            #expect(first.cues.first?.message == "Knee: to a pain-free depth")
        }
        let text = try SmallCatalog.generate(
            [squat, legPress], contraindications: contraindications, exceptions: [modified], profile: profile,
            policy: .exclude
        ).text
        // 5 sets: one over the table's 4, towards the quadriceps' weekly floor of 8.
        #expect(
            text.contains("Leg Press · 5 × 8-12, rest 120 s · Quads · Dumbbells\n     > Knee: to a pain-free depth\n"))
    }

    @Test("under exclude a slot whose candidates are all contraindicated takes the nearest safe pattern")
    func excludeRefillsFromTheNearestSafePattern() throws {
        let squat = SmallCatalog.exercise("goblet_squat", group: "Squat", pattern: "Squat", muscle: "Quads")
        let lunge = SmallCatalog.exercise("reverse_lunge", group: "Lunge", pattern: "Lunge", muscle: "Quads")
        let legExtension = SmallCatalog.exercise(
            "leg_extension", group: "Leg Extension", pattern: "Knee Extension", muscle: "Quads", isolation: true)
        let contraindications = ["Squat", "Lunge"].map { Contraindication(canonicalName: $0, joint: "Knee", notes: "") }
        let programme = try SmallCatalog.generate(
            [squat, lunge, legExtension], contraindications: contraindications,
            profile: SmallCatalog.profile(injuries: ["knee"]), policy: .exclude)
        let legs = try session("Legs", of: programme)
        #expect(legs.exercises.map(\.exerciseId) == ["leg_extension"])
        #expect(legs.exercises[0].warnings.isEmpty)
        #expect(programme.warnings.contains(
            "Legs: every squat exercise with your equipment may aggravate the injury in your knee that you recorded, "
                + "so Leg Extension takes its place."))
        // With nothing safe left, the slots stay empty and say it is the injury, once.
        let nothingSafe = try SmallCatalog.generate(
            [squat, lunge], contraindications: contraindications,
            profile: SmallCatalog.profile(injuries: ["knee"]), policy: .exclude)
        let emptyLegs = try session("Legs", of: nothingSafe)
        let nothingLeft = EmptySlot(
            slot: "Squat and lunge",
            reason: "every squat or lunge exercise with your equipment may aggravate the injury in your knee "
                + "that you recorded")
        #expect(emptyLegs.emptySlots.first == nothingLeft)
    }

    @Test("compounds come first, whatever the slot order")
    func compoundsFirst() throws {
        let push = try session("Push", of: try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile()))
        let kinds = push.exercises.map(\.isIsolation)
        #expect(kinds == kinds.sorted { !$0 && $1 })
        #expect(kinds.contains(true) && kinds.contains(false))
    }

    @Test("the second session of a kind leads with its other main movements, and differs from the first")
    func abSessions() throws {
        let programme = try SmallCatalog.generate(SmallCatalog.gym, profile: SmallCatalog.profile(days: 6))
        let leads = programme.sessions.map { $0.exercises.prefix(2).map(\.exerciseId).map { String($0.dropLast(2)) } }
        #expect(leads == [
            ["horizontal_push", "vertical_push"], ["vertical_pull", "horizontal_pull"], ["squat", "hinge"],
            ["vertical_push", "horizontal_push"], ["horizontal_pull", "vertical_pull"], ["hinge", "squat"],
        ])
        for (a, b) in [(0, 3), (1, 4), (2, 5)] {
            #expect(
                programme.sessions[a].exercises.map(\.exerciseId) != programme.sessions[b].exercises.map(\.exerciseId))
        }
    }

    @Test(
        "a priority muscle: one more set, its template slots first, an extra isolation slot in up to two sessions",
        arguments: [(2, [2, 2]), (1, [2, 1])])
    func priorityMuscle(sessionsPerWeek: Int, calfExercises: [Int]) throws {
        // Hybrid week of short sessions: Legs and Lower train calves, whose template slot comes
        // too late to be reached without the priority.
        let catalog = GeneratorCatalog(exercises: SmallCatalog.gym, contraindications: [])
        let options = GeneratorOptions(priorityIsolationSessionsPerWeek: sessionsPerWeek)
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let base = SmallCatalog.profile(goal: .toneUp, experience: .justStartingOut, days: 5, duration: .short)
        var prioritised = base
        prioritised.priorityMuscles = ["Calves"]
        let generator = ProgrammeGenerator(catalog: catalog, options: options)
        let plain = try generator.generate(for: base, createdDate: SmallCatalog.createdDate, using: &first)
        let favoured = try generator.generate(for: prioritised, createdDate: SmallCatalog.createdDate, using: &second)
        #expect(!plain.sessions.flatMap(\.exercises).contains { $0.primaryMuscle == "Calves" })
        let legDays = favoured.sessions.filter { ["Legs", "Lower"].contains($0.dayName) }
        #expect(legDays.map { $0.exercises.count { $0.primaryMuscle == "Calves" } } == calfExercises)
        for exercise in favoured.sessions.flatMap(\.exercises) where exercise.primaryMuscle == "Calves" {
            #expect(exercise.sets == 4)
        }
        // Added, never in place of a core slot: each session keeps its main movements.
        for (before, after) in zip(plain.sessions, favoured.sessions) {
            let core = { (session: ProgrammeSession) in
                session.exercises.filter { !$0.isIsolation }.prefix(2).map(\.exerciseId)
            }
            #expect(core(before) == core(after), "\(after.dayName)")
        }
    }

    @Test("a priority muscle with no isolation exercise gets its extra sets and a warning")
    func priorityWithoutIsolation() throws {
        let profile = SmallCatalog.profile(priorityMuscles: ["Chest"])
        let programme = try SmallCatalog.generate([Self.bench, Self.pushUp], profile: profile)
        #expect(programme.sessions[0].exercises.map(\.sets) == [5, 5])
        #expect(programme.warnings.first == "Chest is a priority, but no session has room for an extra chest isolation "
            + "exercise with your equipment and level: chest exercises get one extra set each.")
    }

    @Test("a muscle never gets more than 10 sets in a session")
    func sessionCap() throws {
        // Confident & Consistent, chest a priority: 6 sets a chest compound, 5 a chest isolation.
        let profile = SmallCatalog.profile(
            goal: .toneUp, priorityMuscles: ["Chest"], experience: .confidentAndConsistent)
        let push = try session("Push", of: try SmallCatalog.generate(SmallCatalog.gym, profile: profile))
        let chest = push.exercises.filter { $0.primaryMuscle == "Chest" }.reduce(0) { $0 + $1.sets }
        #expect(chest <= 10 && chest >= 6)
    }

    @Test("a muscle never gets more than the weekly cap, here lowered to 8")
    func weeklyCap() throws {
        var generator = SplitMix64(seed: 1)
        let programme = try ProgrammeGenerator(
            catalog: GeneratorCatalog(exercises: SmallCatalog.gym, contraindications: []),
            options: GeneratorOptions(maximumSetsPerMusclePerWeek: 8)
        ).generate(for: SmallCatalog.profile(days: 6), createdDate: SmallCatalog.createdDate, using: &generator)
        let weekly = ProgrammeInvariants.weeklySets(programme)
        for (muscle, sets) in weekly {
            #expect(sets <= 8, "\(muscle): \(sets)")
        }
        #expect(weekly["chest", default: 0] == 8)
    }
}
