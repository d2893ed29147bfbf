import Catalog
import Testing

@Suite("Swapping exercises")
struct SwapTests {
    @Test("swaps come from the same canonical group, nearest complexity first, then by name")
    func nearestComplexityFirst() throws {
        try SampleCatalog.withDatabase { database throws in
            // Bench Press group: DB bench (1) → push-up (1), barbell bench (2), floor press (2, library only).
            let all = try database.swaps(for: "db_bench_press", programmeOnly: false)
            #expect(all.map(\.id) == ["bw_push_up", "bb_bench_press", "bb_floor_press"])
            let programme = try database.swaps(for: "db_bench_press")
            #expect(programme.map(\.id) == ["bw_push_up", "bb_bench_press"])
        }
    }

    @Test("equal distance from the exercise's complexity: by display name")
    func tiesByName() throws {
        try SampleCatalog.withDatabase { database throws in
            // Squat group: back squat (3) → air squat (1, library only) and goblet squat (1).
            #expect(try database.swaps(for: "bb_back_squat", programmeOnly: false).map(\.displayName)
                    == ["Air Squat", "Dumbbell Goblet Squat"])
            #expect(try database.swaps(for: "bb_back_squat").map(\.id) == ["db_goblet_squat"])
        }
    }

    @Test("swaps respect the user's equipment", arguments: [
        (["dumbbells"], ["bw_push_up"]),
        (["barbells:squat_rack"], ["bw_push_up"]),
        (["barbells:flat_bench"], ["bw_push_up", "bb_bench_press"]),
        (["barbells"], ["bw_push_up", "bb_bench_press"]),
    ])
    func equipmentLimitsSwaps(ticked: [String], expected: [String]) throws {
        try SampleCatalog.withDatabase { database throws in
            let swaps = try database.swaps(for: "db_bench_press", equipment: SampleCatalog.selection(ticked))
            #expect(swaps.map(\.id) == expected)
        }
    }

    @Test("the two Leg Press machines swap for each other, each needing its own")
    func legPressMachines() throws {
        try SampleCatalog.withDatabase { database throws in
            #expect(try database.swaps(for: "pin_leg_press").map(\.id) == ["plate_leg_press"])
            let pinOnly = SampleCatalog.selection(["pin_loaded_machines"])
            #expect(try database.swaps(for: "pin_leg_press", equipment: pinOnly).isEmpty)
        }
    }

    @Test("an exercise alone in its group has no swaps")
    func loneExercise() throws {
        try SampleCatalog.withDatabase { database throws in
            #expect(try database.swaps(for: "bw_plank").isEmpty)
        }
    }

    @Test("an unknown exercise id is an error, not an empty list")
    func unknownExercise() throws {
        try SampleCatalog.withDatabase { database throws in
            let error = #expect(throws: CatalogDatabaseError.self) { try database.swaps(for: "nope") }
            #expect(error?.code == "query.unknown_exercise")
            #expect(error?.message.contains("\"nope\"") == true)
        }
    }
}
