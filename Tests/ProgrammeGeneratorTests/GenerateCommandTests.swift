import Catalog
import CatalogBuild
import Foundation
import OrderedJSON
import ProgrammeGenerator
import Testing
import TestSupport

/// `traindb generate` and `traindb swap`, end to end, on a small database built in the test.
@Suite("traindb generate and swap")
struct GenerateCommandTests {
    static let exercises = [
        SmallCatalog.exercise(
            "dumbbell_bench_press", group: "Bench Press", pattern: "Horizontal Push", muscle: "Chest"),
        SmallCatalog.exercise(
            "push_up", group: "Push-Up", pattern: "Horizontal Push", muscle: "Chest", category: "Bodyweight"),
        SmallCatalog.exercise(
            "dumbbell_shoulder_press", group: "Overhead Press", pattern: "Vertical Push", muscle: "Shoulders"),
        SmallCatalog.exercise(
            "dumbbell_lateral_raise", group: "Lateral Raise", pattern: "Shoulder Raise", muscle: "Shoulders",
            isolation: true),
        SmallCatalog.exercise(
            "dumbbell_curl", group: "Biceps Curl", pattern: "Elbow Flexion", muscle: "Biceps", isolation: true),
        SmallCatalog.exercise("dumbbell_row", group: "Row", pattern: "Horizontal Pull", muscle: "Back"),
        SmallCatalog.exercise("goblet_squat", group: "Squat", pattern: "Squat", muscle: "Quads"),
        SmallCatalog.exercise(
            "machine_leg_press", group: "Squat", pattern: "Squat", muscle: "Quads", category: "Pin-loaded Machines",
            item: "Leg Press"),
    ]

    /// Writes the small catalogue's database into `folder`.
    static func database(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("exercises.sqlite").path
        let muscles = Set(exercises.map(\.primaryMuscle)).sorted().map {
            CatalogContent.Muscle(name: $0, bodyRegion: "upper")
        }
        let patterns = Set(exercises.map(\.movementPattern)).sorted().map {
            CatalogContent.MovementPattern(name: $0, description: "")
        }
        try CatalogDatabaseWriter().write(
            CatalogContent(
                exercises: exercises,
                contraindications: [
                    Contraindication(
                        canonicalName: "Bench Press", joint: "Shoulder", notes: "Pressing loads the shoulder."),
                    Contraindication(canonicalName: "Squat", joint: "Knee", notes: "Deep knee bend."),
                ],
                equipment: [
                    .init(category: "Dumbbells", item: nil), .init(category: "Bodyweight", item: nil),
                    .init(category: "Pin-loaded Machines", item: "Leg Press"),
                ],
                muscles: muscles, movementPatterns: patterns,
                complexityLevels: (1...4).map { .init(level: $0, label: "L\($0)", description: "") },
                selectionTiers: (1...3).map { .init(tier: $0, label: "T\($0)", description: "") }),
            to: path)
        return path
    }

    static func withDatabase(_ body: (String, URL) throws -> Void) throws {
        try TemporaryDirectory.with { directory in
            try body(try database(in: directory.url), directory.url)
        }
    }

    static func write(_ json: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("questionnaire-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let questionnaire = """
        {"name": "Sam", "primaryGoal": "tone_up", "targetMuscleGroups": ["shoulders"], "experienceLevel": "0_months",
         "equipmentAvailable": ["dumbbells"], "injuries": ["shoulder"], "trainingDaysPerWeek": 3, \
        "sessionDuration": "30-45 min"}
        """

    @Test("a readable week plan, session by session, with warnings and empty slots")
    func textPlan() throws {
        try Self.withDatabase { database, folder in
            let run = try TraindbProcess.run([
                "generate", "--questionnaire", try Self.write(Self.questionnaire, in: folder), "--db", database,
                "--created", "2026-11-23",
            ])
            #expect(run.status == 0)
            #expect(run.stderr == "")
            #expect(run.stdout == """
                Push/Pull/Legs · 3 days a week · 30-45 min sessions · 8 weeks

                Day 1 · Mon · Push · about 34 min
                  1. Push Up · 4 × 12-15, rest 90 s · Chest · Bodyweight
                  2. Dumbbell Shoulder Press · 4 × 12-15, rest 90 s · Shoulders · Dumbbells
                  3. Dumbbell Lateral Raise · 4 × 12-15, rest 60 s · Shoulders · Dumbbells
                  - Chest left empty: Dumbbell Bench Press, its best exercise, may aggravate the injury in your \
                shoulder that you recorded, and Push Up already trains your chest without a warning
                  - Shoulders isolation left empty: every other shoulders isolation exercise with your equipment is \
                already in this session or the day before

                Day 2 · Wed · Pull · about 30 min
                  1. Dumbbell Row · 4 × 12-15, rest 90 s · Back · Dumbbells
                  2. Dumbbell Lateral Raise · 4 × 12-15, rest 60 s · Shoulders · Dumbbells
                  3. Dumbbell Curl · 3 × 12-15, rest 60 s · Biceps · Dumbbells
                  - Vertical pull and back left empty: the catalogue has no vertical pull or back exercise for \
                programmes
                  - Biceps isolation left empty: every other biceps isolation exercise with your equipment is \
                already in this session or the day before

                Day 3 · Fri · Legs · about 15 min
                  1. Goblet Squat · 4 × 12-15, rest 90 s · Quads · Dumbbells
                  - Hinge left empty: the catalogue has no hinge exercise for programmes

                Warnings:
                  ! Push has 3 exercises, under the 4-5 of a 30-45 min session; see its empty slots for why.
                  ! Pull has 3 exercises, under the 4-5 of a 30-45 min session; see its empty slots for why.
                  ! Legs has 1 exercise, under the 4-5 of a 30-45 min session; see its empty slots for why.
                  ! Back gets 4 sets a week, under the 8 a week your goal needs: with your equipment, your level's \
                sets and 30-45 min sessions, the week has no room for more.
                  ! Chest gets 4 sets a week, under the 8 a week your goal needs: with your equipment, your level's \
                sets and 30-45 min sessions, without the exercises that may aggravate the injury in your shoulder \
                that you recorded, the week has no room for more.
                  ! Quads get 4 sets a week, under the 8 a week your goal needs: with your equipment, your level's \
                sets and 30-45 min sessions, the week has no room for more.

                """)
        }
    }

    @Test("JSON: the same questionnaire, database and seed give the same bytes; stdin works")
    func jsonIsDeterministic() throws {
        try Self.withDatabase { database, folder in
            let file = try Self.write(Self.questionnaire, in: folder)
            let first = try TraindbProcess.run(
                [
                    "generate", "--questionnaire", file, "--db", database, "--format", "json", "--seed", "11",
                    "--created", "2026-11-23",
                ])
            let second = try TraindbProcess.run(
                [
                    "generate", "--questionnaire", "-", "--db", database, "--format", "json", "--seed", "11",
                    "--created", "2026-11-23",
                ],
                input: Self.questionnaire)
            #expect(first.status == 0 && second.status == 0)
            #expect(first.stdout == second.stdout)
            let programme = try JSONDecoder().decode(Programme.self, from: Data(first.stdout.utf8))
            #expect(programme.type == .pushPullLegs && programme.sessions.count == 3)
            #expect(first.stdout == (try OrderedJSONEncoder(layout: .indented).encodeText(programme)) + "\n")
        }
    }

    @Test("--created dates the programme and its id follows it; a bad date exits 2")
    func createdDate() throws {
        try Self.withDatabase { database, folder in
            let file = try Self.write(Self.questionnaire, in: folder)
            func programme(_ date: String) throws -> Programme {
                let run = try TraindbProcess.run(
                    ["generate", "--questionnaire", file, "--db", database, "--format", "json", "--created", date])
                #expect(run.status == 0)
                return try JSONDecoder().decode(Programme.self, from: Data(run.stdout.utf8))
            }
            let first = try programme("2026-11-23")
            #expect(first.createdDate.description == "2026-11-23")
            #expect(try programme("2026-11-23").id == first.id)
            #expect(try programme("2026-11-24").id != first.id)
            let bad = try TraindbProcess.run([
                "generate", "--questionnaire", file, "--db", database, "--created", "2026-02-30",
            ])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("2026-02-30"))
        }
    }

    @Test("--injury-policy exclude never picks a contraindicated exercise")
    func excludePolicy() throws {
        try Self.withDatabase { database, folder in
            let run = try TraindbProcess.run([
                "generate", "--questionnaire", try Self.write(Self.questionnaire, in: folder), "--db", database,
                "--format", "json", "--injury-policy", "exclude",
            ])
            let programme = try JSONDecoder().decode(Programme.self, from: Data(run.stdout.utf8))
            #expect(!programme.sessions.flatMap(\.exercises).contains { $0.exerciseId == "dumbbell_bench_press" })
            #expect(programme.sessions[0].exercises.contains { $0.exerciseId == "push_up" })
        }
    }

    @Test("a bad questionnaire exits 2 with one message per bad field")
    func badQuestionnaire() throws {
        try Self.withDatabase { database, folder in
            let bad =
                #"{"primaryGoal": "get_big", "injuries": ["knees"], "trainingDaysPerWeek": 9, "#
                + #""experienceLevel": "0_months", "sessionDuration": "45-60 min"}"#
            let run = try TraindbProcess.run([
                "generate", "--questionnaire", try Self.write(bad, in: folder), "--db", database,
            ])
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == """
                traindb: error[questionnaire.unknown_value]: primaryGoal: "get_big" is not a goal; \
                allowed values: get_stronger, build_muscle, tone_up
                traindb: error[questionnaire.unknown_value]: injuries: "knees" is not a joint; \
                allowed values: knee, shoulder
                traindb: error[questionnaire.out_of_range]: trainingDaysPerWeek: 9 is out of range; \
                allowed values: 2, 3, 4, 5, 6

                """)
        }
    }

    @Test("the About-you answers are checked on the programme's date: a 17-year-old is refused")
    func aboutYou() throws {
        try Self.withDatabase { database, folder in
            let answers =
                #"{"primaryGoal": "tone_up", "experienceLevel": "0_months", "trainingDaysPerWeek": 3, "#
                + #""sessionDuration": "30-45 min", "dateOfBirth": "2009-06-01", "heightCm": 500}"#
            let path = try Self.write(answers, in: folder)
            let young = try TraindbProcess.run(
                ["generate", "--questionnaire", path, "--db", database, "--created", "2026-11-24"])
            #expect(young.status == 2)
            #expect(young.stdout == "")
            #expect(young.stderr == """
                traindb: error[questionnaire.out_of_range]: dateOfBirth: born 2009-06-01, age 17 on 2026-11-24: \
                You must be at least 18 years old; allowed values: a date (YYYY-MM-DD) giving an age of 18 to 100
                traindb: error[questionnaire.out_of_range]: heightCm: 500 cm is out of range; \
                allowed values: 120 to 220 cm

                """)
        }
    }

    @Test("a missing database or questionnaire exits 2 naming the path")
    func missingFiles() throws {
        try Self.withDatabase { database, folder in
            let file = try Self.write(Self.questionnaire, in: folder)
            let noDatabase = try TraindbProcess.run([
                "generate", "--questionnaire", file, "--db", "/nonexistent/exercises.sqlite",
            ])
            #expect(noDatabase.status == 2)
            #expect(
                noDatabase.stderr
                    == "traindb: error[database.missing]: no catalogue database at /nonexistent/exercises.sqlite; "
                    + "build it with `make db`\n")
            let noQuestionnaire = try TraindbProcess.run([
                "generate", "--questionnaire", "/nonexistent/q.json", "--db", database,
            ])
            #expect(noQuestionnaire.status == 2)
            #expect(
                noQuestionnaire.stderr
                    == "traindb: error[file.unreadable]: cannot read the questionnaire /nonexistent/q.json\n")
        }
    }

    @Test("swap lists the alternatives with the slot's prescription")
    func swap() throws {
        try Self.withDatabase { database, folder in
            let gym = """
                {"primaryGoal": "get_stronger", "experienceLevel": "2_plus_years", \
                "equipmentAvailable": ["dumbbells", "pin_loaded_machines"],
                 "injuries": ["knee"], "trainingDaysPerWeek": 4, "sessionDuration": "60-90 min"}
                """
            let file = try Self.write(gym, in: folder)
            let text = try TraindbProcess.run(["swap", "goblet_squat", "--questionnaire", file, "--db", database])
            #expect(text.status == 0)
            #expect(text.stdout == """
                Alternatives to Goblet Squat (5 × 4-6, rest 180 s):
                  1. Machine Leg Press [machine_leg_press] · Pin-loaded Machines (Leg Press)
                     ! This exercise may aggravate the injury in your knee that you recorded.

                """)
            let json = try TraindbProcess.run([
                "swap", "goblet_squat", "--questionnaire", file, "--db", database, "--format", "json",
            ])
            let swaps = try JSONDecoder().decode(SwapList.self, from: Data(json.stdout.utf8))
            #expect(swaps.alternatives.map(\.exerciseId) == ["machine_leg_press"])
            #expect(swaps.alternatives[0].prescription == Prescription(sets: 5, repRange: "4-6", restSeconds: 180))

            let unknown = try TraindbProcess.run(["swap", "nope", "--questionnaire", file, "--db", database])
            #expect(unknown.status == 2)
            #expect(unknown.stderr == "traindb: error[swap.unknown_exercise]: no exercise has the id \"nope\"\n")
        }
    }
}
