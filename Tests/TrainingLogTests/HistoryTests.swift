import Catalog
import CatalogBuild
import Foundation
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

@Suite("exercise and workout history (business rules §9)")
struct HistoryTests {
    /// Three Push workouts a week apart: bench 60 kg 10/9/8, then 60 kg 11/10/8, then 62.5 kg 8/8/8.
    static func loggedLog() throws -> (TrainingLog, ManualClock) {
        let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
        let log = try LogFixture.log(clock: clock)
        let weeks: [[(Int, Double)]] = [
            [(10, 60), (9, 60), (8, 60)], [(11, 60), (10, 60), (8, 60)], [(8, 62.5), (8, 62.5), (8, 62.5)],
        ]
        for (day, sets) in zip(["05", "12", "19"], weeks) {
            try LogFixture.workout(
                log, clock: clock, "Push", at: "2026-01-\(day)T18:00:00Z", ["barbell_bench_press": sets])
        }
        return (log, clock)
    }

    @Test("newest first, with the best set, the start weight, volumes, +N per set, the rosette and PRs")
    func exerciseHistory() throws {
        let (log, _) = try Self.loggedLog()
        let history = try log.exerciseHistory("barbell_bench_press")
        #expect(history.exerciseName == "Barbell Bench Press")
        #expect(!history.retired)
        #expect(history.entries.map(\.date.description) == ["2026-01-19", "2026-01-12", "2026-01-05"])
        #expect(history.volumes.map(\.volumeKg) == [1620, 1740, 1500])
        #expect(history.bestSet?.weight == "60 kg" && history.bestSet?.reps == 11)
        #expect(history.startWeight == "60 kg")
        #expect(history.entries[1].sets.map(\.gain) == ["+1", "+1", nil])
        #expect(history.entries[1].progressed)
        #expect(history.entries[1].records == ["best_set", "volume"])
        // Fewer reps and less volume at a heavier load: no rosette, but heavier than ever.
        #expect(!history.entries[0].progressed)
        #expect(history.entries[0].records == ["heaviest"])
        #expect(history.entries[2].records.isEmpty && !history.entries[2].progressed)
        #expect(history.text.contains("Best set: 60 kg × 11 · Start weight: 60 kg · 3 workouts"))
    }

    @Test("no history yet")
    func emptyHistory() throws {
        let history = try LogFixture.log().exerciseHistory("cable_row")
        #expect(history.entries.isEmpty && history.bestSet == nil)
        #expect(history.text == "Cable Row\nNo history yet. Complete your first set!\n")
    }

    @Test("workout history is newest first; the limit keeps the newest")
    func workoutHistory() throws {
        let (log, _) = try Self.loggedLog()
        let all = try log.workoutHistory()
        #expect(all.map(\.date.description) == ["2026-01-19", "2026-01-12", "2026-01-05"])
        #expect(all.map(\.firstTime) == [false, false, true])
        #expect(try log.workoutHistory(limit: 1).map(\.id) == [all[0].id])
    }

    /// A catalogue database of the fixture's exercises, with `barbell_bench_press` in programmes
    /// or retired.
    static func catalogue(at path: String, retiringBench: Bool) throws {
        let exercises = LogFixture.exercises.map { exercise -> Exercise in
            var copy = exercise
            if retiringBench, exercise.id == "barbell_bench_press" { copy.includeInProgramme = false }
            return copy
        }
        let equipment = Set(exercises.map(\.equipmentCategory)).sorted().map {
            CatalogContent.EquipmentPair(category: $0, item: nil)
        }
        try CatalogDatabaseWriter().write(
            CatalogContent(
                exercises: exercises, contraindications: [], equipment: equipment,
                muscles: LogFixture.muscles.map {
                    CatalogContent.Muscle(name: $0.name, bodyRegion: $0.bodyRegion ?? "upper")
                },
                movementPatterns: [CatalogContent.MovementPattern(name: "Pattern", description: "")],
                complexityLevels: (1...4).map { .init(level: $0, label: "L\($0)", description: "") },
                selectionTiers: (1...3).map { .init(tier: $0, label: "T\($0)", description: "") }),
            to: path)
    }

    @Test("a catalogue rebuild that retires an exercise leaves its history readable")
    func retiredExerciseKeepsHistory() throws {
        try TemporaryDirectory.with { directory in
            let catalogue = directory.path("exercises.sqlite")
            let logPath = directory.path("log.sqlite")
            try Self.catalogue(at: catalogue, retiringBench: false)
            let clock = ManualClock(LogFixture.moment("2026-01-05T18:00:00Z"))
            let settings = UserSettings(unit: .kg, timeZone: LogFixture.london)
            let before = try TrainingLog(
                path: logPath, catalog: LogCatalog(database: CatalogDatabase(path: catalogue)), clock: clock,
                ids: SeededRowIDs(seed: 3), newUser: settings)
            try before.startProgramme(LogFixture.programme, questionnaireJSON: "{}")
            try LogFixture.workout(
                before, clock: clock, "Push", at: "2026-01-05T18:00:00Z",
                ["barbell_bench_press": [(10, 60), (9, 60)]])

            try Self.catalogue(at: catalogue, retiringBench: true)
            let after = try TrainingLog(
                path: logPath, catalog: LogCatalog(database: CatalogDatabase(path: catalogue)), clock: clock,
                ids: SeededRowIDs(seed: 4), newUser: settings)
            let history = try after.exerciseHistory("barbell_bench_press")
            #expect(history.retired)
            #expect(history.exerciseName == "Barbell Bench Press")
            #expect(history.entries.first?.sets.map(\.reps) == [10, 9])
            #expect(try after.workoutHistory().first?.exercises.first?.exerciseName == "Barbell Bench Press")
        }
    }
}
