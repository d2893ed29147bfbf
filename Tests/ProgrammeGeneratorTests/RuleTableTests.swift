import Catalog
import ProgrammeGenerator
import TrainingCalendar
import Testing

/// The tables of business rules §2-4, row by row.
@Suite("rule tables")
struct RuleTableTests {
    @Test("split table: days and duration → split, sessions and weekdays", arguments: [
        (2, SessionDuration.short, SplitType.upperLower, ["Upper", "Lower"], [Weekday.mon, .thu]),
        (2, .medium, .fullBody, ["Full Body A", "Full Body B"], [.mon, .thu]),
        (2, .long, .fullBody, ["Full Body A", "Full Body B"], [.mon, .thu]),
        (3, .short, .pushPullLegs, ["Push", "Pull", "Legs"], [.mon, .wed, .fri]),
        (3, .long, .pushPullLegs, ["Push", "Pull", "Legs"], [.mon, .wed, .fri]),
        (4, .medium, .upperLower, ["Upper A", "Lower A", "Upper B", "Lower B"], [.mon, .tue, .thu, .fri]),
        (5, .short, .hybrid, ["Push", "Pull", "Legs", "Upper", "Lower"], [.mon, .tue, .wed, .fri, .sat]),
        (6, .long, .pushPullLegsTwice, ["Push A", "Pull A", "Legs A", "Push B", "Pull B", "Legs B"],
         [.mon, .tue, .wed, .thu, .fri, .sat]),
    ])
    func splitTable(
        days: Int, duration: SessionDuration, split: SplitType, sessions: [String], weekdays: [Weekday]
    ) throws {
        #expect(SplitType.forTraining(daysPerWeek: days, duration: duration) == split)
        #expect(split.sessions(daysPerWeek: days).map(\.dayName) == sessions)
        // And the generator follows it.
        let programme = try SmallCatalog.generate(
            SmallCatalog.gym, profile: SmallCatalog.profile(days: days, duration: duration))
        #expect(programme.type == split)
        #expect(programme.sessions.map(\.dayName) == sessions)
        #expect(programme.sessions.map(\.weekday) == weekdays)
        #expect(programme.sessions.map(\.id) == sessions.indices.map { "day-\($0 + 1)" })
        #expect(programme.totalWeeks == 8 && programme.daysPerWeek == days && programme.sessionDuration == duration)
        #expect(programme.createdDate == SmallCatalog.createdDate)
    }

    @Test("no split outside 2-6 days", arguments: [0, 1, 7])
    func noSplit(days: Int) {
        #expect(SplitType.forTraining(daysPerWeek: days, duration: .medium) == nil)
    }

    @Test("experience → complexity ceiling and preferred level (1, 2, 3, 3)", arguments: [
        (ExperienceLevel.justStartingOut, 2, 1),
        (.findingMyFeet, 2, 2),
        (.gettingComfortable, 3, 3),
        (.confidentAndConsistent, 4, 3),
    ])
    func complexity(experience: ExperienceLevel, ceiling: Int, preferred: Int) {
        #expect(experience.complexityCeiling == ceiling)
        #expect(experience.preferredComplexity == preferred)
    }

    @Test("among staples, the level closest to the preferred one, at or under the ceiling", arguments: [
        // Levels on offer, experience, the level picked.
        ([1, 2, 3, 4], ExperienceLevel.justStartingOut, Optional(1)),
        ([1, 2, 3, 4], .findingMyFeet, 2),
        ([1, 2, 3, 4], .gettingComfortable, 3),
        ([1, 2, 3, 4], .confidentAndConsistent, 3),
        ([2, 4], .confidentAndConsistent, 2),
        ([4], .confidentAndConsistent, 4),
        ([2, 3, 4], .justStartingOut, 2),
        ([1, 3, 4], .findingMyFeet, 1),
        ([1, 2, 4], .gettingComfortable, 2),
        ([3, 4], .findingMyFeet, nil),
    ])
    func preferredLevel(levels: [Int], experience: ExperienceLevel, picked: Int?) throws {
        let squats = levels.map {
            SmallCatalog.exercise(
                "squat_level_\($0)", group: "Squat \($0)", pattern: "Squat", muscle: "Quads", complexity: $0)
        }
        let programme = try SmallCatalog.generate(squats, profile: SmallCatalog.profile(experience: experience))
        let legs = try #require(programme.sessions.first { $0.dayName == "Legs" })
        #expect(legs.exercises.first.map { $0.exerciseId } == picked.map { "squat_level_\($0)" })
        if picked == nil {
            #expect(legs.emptySlots.first == EmptySlot(
                slot: "Squat", reason: "no squat exercise with your equipment is at your level (Finding My Feet)"))
        }
    }

    @Test("ties are broken by the seed, the same seed always the same way")
    func tiesBySeed() throws {
        let squats = ["goblet_squat", "sumo_squat", "box_squat"].map {
            SmallCatalog.exercise($0, group: $0, pattern: "Squat", muscle: "Quads", complexity: 1)
        }
        var picked: Set<String> = []
        for seed in UInt64(0)..<24 {
            let profile = SmallCatalog.profile(experience: .justStartingOut)
            let first = try SmallCatalog.generate(squats, profile: profile, seed: seed)
            let again = try SmallCatalog.generate(squats, profile: profile, seed: seed)
            #expect(first == again)
            picked.insert(try #require(first.sessions[2].exercises.first).exerciseId)
        }
        #expect(picked == ["goblet_squat", "sumo_squat", "box_squat"])
    }

    @Test("sets by experience: compound / isolation, one more for a priority muscle", arguments: [
        (ExperienceLevel.justStartingOut, 3, 3),
        (.findingMyFeet, 4, 3),
        (.gettingComfortable, 4, 4),
        (.confidentAndConsistent, 5, 4),
    ])
    func sets(experience: ExperienceLevel, compound: Int, isolation: Int) {
        #expect(experience.sets(isIsolation: false) == compound)
        #expect(experience.sets(isIsolation: true) == isolation)
        for role in [ExerciseRole.main, .secondary] {
            #expect(
                Prescription(goal: .toneUp, experience: experience, role: role, isPriority: true).sets == compound + 1)
        }
        let accessory = Prescription(goal: .toneUp, experience: experience, role: .accessory, isPriority: true)
        #expect(accessory.sets == isolation + 1)
    }

    @Test("reps by goal and role, rest by role: main lifts the long rest", arguments: [
        // A strength goal's secondary compounds at 6-8 rest 120 s, not the short 90 s.
        (Goal.getStronger, "4-6", "6-8", "8-12", 180, 120, 90),
        (.buildMuscle, "8-12", "8-12", "10-15", 120, 90, 90),
        (.toneUp, "12-15", "12-15", "12-15", 90, 60, 60),
    ])
    func repsAndRest(
        goal: Goal, mainReps: String, secondaryReps: String, isolationReps: String, longRest: Int, secondaryRest: Int,
        shortRest: Int
    ) {
        #expect(goal.repRange(isIsolation: false) == mainReps)
        #expect(goal.repRange(isIsolation: true) == isolationReps)
        let main = Prescription(goal: goal, experience: .gettingComfortable, role: .main, isPriority: false)
        let secondary = Prescription(goal: goal, experience: .gettingComfortable, role: .secondary, isPriority: false)
        let accessory = Prescription(goal: goal, experience: .gettingComfortable, role: .accessory, isPriority: false)
        #expect(
            [main.restSeconds, secondary.restSeconds, accessory.restSeconds] == [longRest, secondaryRest, shortRest])
        #expect([main.repRange, secondary.repRange, accessory.repRange] == [mainReps, secondaryReps, isolationReps])
    }

    @Test(
        """
        strength work rests like strength work: a compound of 6 reps or fewer rests at least 150 s, \
        of 8 or fewer 120 s
        """)
    func heavyCompoundsRestLonger() {
        let specialist = LoadProfile(isSpecialist: true)
        let secondary = Prescription(
            goal: .getStronger, experience: .confidentAndConsistent, role: .secondary, isPriority: false,
            load: specialist)
        #expect(secondary.repRange == "4-6" && secondary.restSeconds == 150)
        // A main lift keeps its longer rest; a secondary compound at 6-8 rests 120 s, not the short 90 s.
        let main = Prescription(goal: .getStronger, experience: .confidentAndConsistent, role: .main, isPriority: false)
        #expect(main.repRange == "4-6" && main.restSeconds == 180)
        let plain = Prescription(
            goal: .getStronger, experience: .confidentAndConsistent, role: .secondary, isPriority: false)
        #expect(plain.repRange == "6-8" && plain.restSeconds == 120)
        // Isolation work at 8-12 keeps the short rest.
        let accessory = Prescription(
            goal: .getStronger, experience: .confidentAndConsistent, role: .accessory, isPriority: false)
        #expect(accessory.repRange == "8-12" && accessory.restSeconds == 90)
    }

    @Test("prescriptions a coach would not write, whatever the goal", arguments: Goal.allCases)
    func coachPrescriptions(goal: Goal) {
        for role in [ExerciseRole.main, .secondary] {
            // Negatives: 3-5, resting like heavy work.
            let negative = Prescription(
                goal: goal, experience: .gettingComfortable, role: role, isPriority: false,
                load: LoadProfile(isEccentricOnly: true))
            #expect(negative.repRange == "3-5" && negative.restSeconds >= 150, "\(goal) \(role)")
            // The floor deadlift family: at most 8 reps, 6-8 outside strength work.
            let deadlift = Prescription(
                goal: goal, experience: .gettingComfortable, role: role, isPriority: false,
                load: LoadProfile(isFloorPull: true))
            let expected = goal == .getStronger ? (role == .main ? "4-6" : "6-8") : "6-8"
            #expect(
                deadlift.repRange == expected && deadlift.restSeconds >= 120, "\(goal) \(role): \(deadlift.repRange)")
            // Romanian deadlifts: never below 6.
            let romanian = Prescription(
                goal: goal, experience: .gettingComfortable, role: role, isPriority: false,
                load: LoadProfile(neverBelowSixReps: true))
            let lowest = Int(romanian.repRange.split(separator: "-").first ?? "") ?? 0
            #expect(lowest >= 6, "\(goal) \(role): \(romanian.repRange)")
        }
    }

    @Test("a Just Starting Out user gets no eccentric-only variation; others get it at 3-5")
    func negativesWaitForExperience() throws {
        let negative = SmallCatalog.exercise(
            "negative_pull_up", group: "Pull-Up", pattern: "Vertical Pull", muscle: "Back", category: "Bodyweight",
            item: "Pull-up Bar")
        let catalog = GeneratorCatalog(exercises: [negative], contraindications: [])
        #expect(catalog.exercise(id: "negative_pull_up").map { $0.displayName } == "Negative Pull Up")
        for (experience, expected) in [(ExperienceLevel.justStartingOut, [String]()), (.findingMyFeet, ["3-5"])] {
            let programme = try SmallCatalog.generate(
                [negative], profile: SmallCatalog.profile(experience: experience, equipment: ["bodyweight"]))
            #expect(programme.sessions.flatMap(\.exercises).map(\.repRange) == expected, "\(experience)")
            if expected.isEmpty {
                let reasons = programme.sessions.flatMap(\.emptySlots).map(\.reason)
                #expect(reasons.contains { $0.contains("at your level (Just Starting Out)") }, "\(reasons)")
            }
        }
    }

    @Test("a lunge or hip thrust is never prescribed below 6-8, main lift or not")
    func singleLegAndHipExtensionStayAtSixToEight() {
        let lunge = LoadProfile(neverBelowSixReps: true)
        for role in [ExerciseRole.main, .secondary] {
            let prescription = Prescription(
                goal: .getStronger, experience: .confidentAndConsistent, role: role, isPriority: false, load: lunge)
            #expect(prescription.repRange == "6-8", "\(role)")
            #expect(prescription.restSeconds == (role == .main ? 180 : 120), "\(role)")
        }
        // A specialist lunge (explosive) stays low.
        let jumping = LoadProfile(isSpecialist: true, neverBelowSixReps: true)
        #expect(Goal.getStronger.repRange(role: .secondary, load: jumping) == "4-6")
    }

    @Test("an unloaded bodyweight exercise at complexity 1 never gets 4-6 reps")
    func unloadedSimpleMovesSkipTheStrengthRange() throws {
        let pushUp = SmallCatalog.exercise(
            "push_up", group: "Push-Up", pattern: "Horizontal Push", muscle: "Chest", category: "Bodyweight")
        let archer = SmallCatalog.exercise(
            "archer_push_up", group: "Archer", pattern: "Horizontal Push", muscle: "Chest", complexity: 2,
            category: "Bodyweight")
        for (exercise, reps) in [(pushUp, "8-12"), (archer, "4-6")] {
            let programme = try SmallCatalog.generate(
                [exercise], profile: SmallCatalog.profile(goal: .getStronger, equipment: []))
            #expect(programme.sessions[0].exercises.map(\.repRange) == [reps], "\(exercise.id)")
        }
    }

    @Test("session size and minutes by duration", arguments: [
        (SessionDuration.short, 4...5, 30...45),
        (.medium, 5...6, 45...60),
        (.long, 7...8, 60...90),
    ])
    func sessionSize(duration: SessionDuration, exercises: ClosedRange<Int>, minutes: ClosedRange<Int>) throws {
        #expect(duration.exerciseCount == exercises)
        #expect(duration.minutes == minutes)
        // Tone up, Just Starting Out, a full gym: the time is there, so the count is in the band.
        let programme = try SmallCatalog.generate(
            SmallCatalog.gym,
            profile: SmallCatalog.profile(goal: .toneUp, experience: .justStartingOut, days: 4, duration: duration))
        for session in programme.sessions {
            #expect(exercises.contains(session.exercises.count), "\(session.dayName): \(session.exercises.count)")
            #expect(
                session.estimatedMinutes <= minutes.upperBound, "\(session.dayName): \(session.estimatedMinutes) min")
        }
    }

    @Test("estimated minutes: Σ sets × (40 s + rest) + 1.5 min per exercise + 5 min warm-up", arguments: [
        // A push day of one exercise per muscle is under the weekly floors of building muscle and
        // toning up: each exercise takes one set over the table's to reach them.
        (Goal.toneUp, ExperienceLevel.justStartingOut, 1, 4, 90, 15),  // 4 × 130 s + 90 s + 300 s = 910 s
        (.buildMuscle, .findingMyFeet, 2, 5, 120, 35),  // 2 × (5 × 160 s + 90 s) + 300 s = 2080 s
        (.getStronger, .confidentAndConsistent, 2, 5, 180, 45),  // 2 × (5 × 220 s + 90 s) + 300 s = 2680 s
    ])
    func estimate(
        goal: Goal, experience: ExperienceLevel, exercises: Int, sets: Int, rest: Int, minutes: Int
    ) throws {
        // A catalogue of `exercises` pushes: the push day holds exactly them.
        let pushes = [
            SmallCatalog.exercise("floor_press", group: "Floor Press", pattern: "Horizontal Push", muscle: "Chest"),
            SmallCatalog.exercise(
                "shoulder_press", group: "Shoulder Press", pattern: "Vertical Push", muscle: "Shoulders"),
        ]
        let programme = try SmallCatalog.generate(
            Array(pushes.prefix(exercises)), profile: SmallCatalog.profile(goal: goal, experience: experience))
        let session = try #require(programme.sessions.first { !$0.exercises.isEmpty })
        #expect(session.exercises.map { [$0.sets, $0.restSeconds] } == Array(repeating: [sets, rest], count: exercises))
        #expect(session.estimatedMinutes == minutes)
    }

    @Test("the injury warning names the joint", arguments: [
        ("Knee", "This exercise may aggravate the injury in your knee that you recorded."),
        ("Lower Back", "This exercise may aggravate the injury in your lower back that you recorded."),
        ("Shoulder", "This exercise may aggravate the injury in your shoulder that you recorded."),
    ])
    func injuryText(joint: String, message: String) throws {
        #expect(InjuryWarning(joint: joint) == InjuryWarning(joint: joint, message: message))
        let bench = SmallCatalog.exercise(
            "bench_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest")
        let programme = try SmallCatalog.generate(
            [bench], contraindications: [Contraindication(canonicalName: "Bench Press", joint: joint, notes: "")],
            profile: SmallCatalog.profile(injuries: [joint]))
        #expect(programme.sessions[0].exercises.first?.warnings == [InjuryWarning(joint: joint, message: message)])
    }
}
