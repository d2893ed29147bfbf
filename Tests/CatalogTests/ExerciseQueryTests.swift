import Catalog
import Testing

@Suite("Querying exercises")
struct ExerciseQueryTests {
    static let itemlessBodyweight: Set<String> = ["bw_push_up", "bw_air_squat", "bw_plank"]

    /// (what the user ticked, the exercises they may do besides item-less Bodyweight moves)
    static let equipmentCases: [([String], Set<String>)] = [
        ([], []),
        (["barbells"], ["bb_back_squat", "bb_bench_press", "bb_floor_press"]),
        (["barbells:squat_rack"], ["bb_back_squat", "bb_floor_press"]),
        (["barbells:squat_rack", "barbells:flat_bench"], ["bb_back_squat", "bb_bench_press", "bb_floor_press"]),
        (["barbells:squat_rack", "barbells"], ["bb_back_squat", "bb_bench_press", "bb_floor_press"]),
        (["Barbells:Flat Bench"], ["bb_bench_press", "bb_floor_press"]),
        (["dumbbells"], ["db_bench_press", "db_goblet_squat", "db_biceps_curl"]),
        (["pin_loaded_machines:leg_press"], ["pin_leg_press"]),
        (["Plate-loaded Machines"], ["plate_leg_press"]),
        (["plate_loaded_machines:leg_press"], ["plate_leg_press"]),
        (["pin_loaded_machines"], ["pin_leg_press", "pin_leg_extension"]),
        (["bodyweight"], ["bw_pull_up"]),
        (["bodyweight:pull_up_bar"], ["bw_pull_up"]),
        (["kettlebells"], []),
    ]

    @Test("equipment: a category alone, a category:item, the same item under two categories",
          arguments: equipmentCases)
    func equipmentFilter(ticked: [String], expected: Set<String>) throws {
        try SampleCatalog.withDatabase { database throws in
            let selection = SampleCatalog.selection(ticked)
            let found = try database.exercises(matching: ExerciseFilter(equipment: selection))
            #expect(Set(found.map(\.id)) == expected.union(Self.itemlessBodyweight))
            // The SQL and EquipmentSelection.allows agree.
            #expect(Set(found.map(\.id)) == Set(SampleCatalog.exercises.filter(selection.allows).map(\.id)))
        }
    }

    @Test("equipment from the questionnaire's answers")
    func questionnaireEquipment() throws {
        try SampleCatalog.withDatabase { database throws in
            let selection = EquipmentSelection(
                equipmentAvailable: ["barbells", "dumbbells"],
                detailedEquipment: ["barbells": ["flat_bench"], "pin_loaded_machines": ["leg_extension"]])
            let found = try database.exercises(matching: ExerciseFilter(equipment: selection))
            #expect(
                Set(found.map(\.id))
                    == Self.itemlessBodyweight.union([
                        "bb_bench_press", "bb_floor_press", "db_bench_press", "db_goblet_squat", "db_biceps_curl",
                        "pin_leg_extension",
                    ]))
        }
    }

    @Test("no equipment filter: the whole library, by display name ignoring case")
    func wholeLibraryByDisplayName() throws {
        try SampleCatalog.withDatabase { database throws in
            let names = try database.exercises().map(\.displayName)
            #expect(names == [
                "Air Squat", "Barbell Back Squat", "Barbell Bench Press", "Barbell Floor Press",
                "Dumbbell Bench Press", "Dumbbell Biceps Curl", "Dumbbell Goblet Squat", "Leg Extension",
                "Machine Leg Press", "Plank", "Plate-loaded Leg Press", "Pull-up", "Push-up",
            ])
        }
    }

    @Test("library order ignores case")
    func orderIgnoresCase() throws {
        var content = SampleCatalog.content
        content.exercises = [
            Exercise(id: "z", displayName: "Zercher Squat", canonicalName: "Squat", equipmentCategory: "Bodyweight",
                     primaryMuscle: "Quads", movementPattern: "Squat", complexity: 1, isIsolation: false,
                     includeInProgramme: true),
            Exercise(id: "a", displayName: "air squat", canonicalName: "Squat", equipmentCategory: "Bodyweight",
                     primaryMuscle: "Quads", movementPattern: "Squat", complexity: 1, isIsolation: false,
                     includeInProgramme: true),
        ]
        content.contraindications = []
        try SampleCatalog.withDatabase(content) { database throws in
            #expect(try database.exercises().map(\.displayName) == ["air squat", "Zercher Squat"])
        }
    }

    @Test("records come back complete: secondary muscles in order, instructions, URLs")
    func recordsRoundTrip() throws {
        try SampleCatalog.withDatabase { database throws in
            let expected = SampleCatalog.exercises.sorted { $0.displayName.lowercased() < $1.displayName.lowercased() }
            #expect(try database.exercises() == expected)
            let squat = try #require(try database.exercise(id: "bb_back_squat"))
            #expect(squat.secondaryMuscles == ["Glutes", "Hamstrings"])
            #expect(squat.instructions.count == 3)
            #expect(try database.exercise(id: "no_such_exercise") == nil)
        }
    }

    @Test("primary muscle by name or slug", arguments: [
        ("Chest", ["bb_bench_press", "bb_floor_press", "db_bench_press", "bw_push_up"]),
        ("chest", ["bb_bench_press", "bb_floor_press", "db_bench_press", "bw_push_up"]),
        ("Quads", ["bb_back_squat", "db_goblet_squat", "bw_air_squat", "pin_leg_press", "plate_leg_press",
                   "pin_leg_extension"]),
        ("Triceps", []),  // only ever secondary
        ("Calves", []),
    ])
    func muscleFilter(muscle: String, expected: [String]) throws {
        try SampleCatalog.withDatabase { database throws in
            let found = try database.exercises(matching: ExerciseFilter(muscle: muscle))
            #expect(Set(found.map(\.id)) == Set(expected))
        }
    }

    @Test("complexity ceiling by experience", arguments: [1, 2, 3, 4])
    func complexityCeiling(ceiling: Int) throws {
        try SampleCatalog.withDatabase { database throws in
            let found = try database.exercises(matching: ExerciseFilter(maxComplexity: ceiling))
            #expect(!found.isEmpty)
            #expect(found.allSatisfy { $0.complexity <= ceiling })
            #expect(found.count == SampleCatalog.exercises.filter { $0.complexity <= ceiling }.count)
        }
    }

    @Test("selection tier: staples, standards and specialists", arguments: [
        (1, ["bb_back_squat", "bb_bench_press", "db_goblet_squat", "bw_push_up", "bw_pull_up", "pin_leg_press"]),
            (
                2,
                [
                    "bb_floor_press", "db_bench_press", "db_biceps_curl", "bw_air_squat", "plate_leg_press",
                    "pin_leg_extension",
                ]
            ),
        (3, ["bw_plank"]),
    ])
    func tierFilter(tier: Int, expected: [String]) throws {
        try SampleCatalog.withDatabase { database throws in
            let found = try database.exercises(matching: ExerciseFilter(selectionTier: tier))
            #expect(Set(found.map(\.id)) == Set(expected))
            #expect(found.allSatisfy { $0.selectionTier == tier })
        }
    }

    @Test("isolation or compound")
    func isolationFilter() throws {
        try SampleCatalog.withDatabase { database throws in
            let isolation = try database.exercises(matching: ExerciseFilter(isIsolation: true))
            #expect(Set(isolation.map(\.id)) == ["db_biceps_curl", "bw_plank", "pin_leg_extension"])
            let compound = try database.exercises(matching: ExerciseFilter(isIsolation: false))
            #expect(compound.count == SampleCatalog.exercises.count - 3)
            #expect(compound.allSatisfy { !$0.isIsolation })
        }
    }

    @Test("programme-only leaves library-only exercises out")
    func programmeOnly() throws {
        try SampleCatalog.withDatabase { database throws in
            let found = try database.exercises(matching: ExerciseFilter(programmeOnly: true))
            #expect(found.count == SampleCatalog.exercises.count - 2)
            #expect(!found.contains { $0.id == "bb_floor_press" || $0.id == "bw_air_squat" })
        }
    }

    @Test("search: display name contains, ignoring case", arguments: [
        ("squat", ["Air Squat", "Barbell Back Squat", "Dumbbell Goblet Squat"]),
        ("SQUAT", ["Air Squat", "Barbell Back Squat", "Dumbbell Goblet Squat"]),
        ("leg press", ["Machine Leg Press", "Plate-loaded Leg Press"]),
        ("  pull-UP ", ["Pull-up"]),
        ("kettlebell", []),
    ])
    func search(text: String, expected: [String]) throws {
        try SampleCatalog.withDatabase { database throws in
            let found = try database.exercises(matching: ExerciseFilter(searchText: text))
            #expect(found.map(\.displayName) == expected)
        }
    }

    @Test("criteria combine: the generator's candidate query")
    func combinedFilter() throws {
        try SampleCatalog.withDatabase { database throws in
            let filter = ExerciseFilter(
                equipment: SampleCatalog.selection(["dumbbells", "pin_loaded_machines:leg_press"]),
                muscle: "quads", movementPattern: "squat", maxComplexity: 2, isIsolation: false,
                programmeOnly: true)
            #expect(try database.exercises(matching: filter).map(\.id) == ["db_goblet_squat", "pin_leg_press"])
        }
    }
}
