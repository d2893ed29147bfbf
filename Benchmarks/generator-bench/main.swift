// generator-bench: how fast the programme generator is over the whole questionnaire space.
// Run through `make bench-generator` (release build). Prints figures; it is never a test.
//
// The catalogue comes from the database `make db` builds or, when there is none or it is older
// than the workbooks, straight from the committed workbooks. Every combination of goal ×
// experience × days × duration × equipment profile × priority muscles × injuries × injury policy
// is generated once (after a warm-up pass); each is timed from the checked questionnaire to the
// programme's JSON bytes.
import Catalog
import CatalogImport
import Foundation
import Logging
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar

/// The calling thread's CPU time so far, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The `p` percentile of sorted nanoseconds, in milliseconds.
func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)
    return Double(sorted[max(0, rank)]) / 1e6
}

/// The machine's one-minute load average, as /proc/loadavg gives it ("?" elsewhere).
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}

/// The repository root: this file is Benchmarks/generator-bench/main.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The database `make db` built, when it is newer than both workbooks; else the workbooks.
func loadCatalog() throws -> (GeneratorCatalog, String) {
    let databasePath = repositoryRoot.appendingPathComponent(CatalogDatabase.defaultPath).path
    let workbooks = repositoryRoot.appendingPathComponent("database-management").path
    func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
    let sources = ["train_exercise_database_prod.xlsx", "train_exercise_contraindications_prod.xlsx"]
        .map { modified(workbooks + "/" + $0) ?? .distantFuture }
    if let built = modified(databasePath), sources.allSatisfy({ $0 <= built }) {
        return (try GeneratorCatalog(database: CatalogDatabase(path: databasePath)), databasePath)
    }
    let result = try CatalogImporter(logger: .silent).importCatalog(from: workbooks)
    guard let content = result.content else {
        throw CocoaError(
            .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the workbooks have errors; run traindb check"])
    }
    let muscles = content.muscles.map { Muscle(name: $0.name, slug: $0.name.slug, bodyRegion: $0.bodyRegion) }
    let catalog = GeneratorCatalog(
        exercises: content.exercises, contraindications: content.contraindications, exceptions: content.exceptions,
        muscles: muscles)
    return (catalog, workbooks)
}

let equipmentProfiles: [(available: [String], detailed: [String: [String]])] = [
    ([], [:]),
    (["bodyweight"], [:]),
    (["dumbbells", "bodyweight"], ["bodyweight": ["pull_up_bar"]]),
    (["dumbbells", "kettlebells", "barbells", "bodyweight"], ["barbells": ["squat_rack", "flat_bench"]]),
    (
        ["barbells", "dumbbells", "kettlebells", "cable_machines", "pin_loaded_machines", "plate_loaded_machines",
         "bodyweight"], [:]
    ),
]
let priorityMuscles: [[String]] = [[], ["chest"], ["glutes", "hamstrings"], ["back", "biceps", "shoulders"]]
let createdDate = CalendarDate(year: 2026, month: 11, day: 23) ?? CalendarDate(dayNumber: 0)
let injuries: [[String]] = [[], ["knee"], ["shoulder", "lower_back"], ["knee", "wrist", "elbow"]]

var questionnaires: [Questionnaire] = []
for goal in Goal.allCases {
    for experience in ExperienceLevel.allCases {
        for days in 2...6 {
            for duration in SessionDuration.allCases {
                for equipment in equipmentProfiles {
                    for muscles in priorityMuscles {
                        for joints in injuries {
                            questionnaires.append(
                                Questionnaire(
                                    primaryGoal: goal.rawValue, targetMuscleGroups: muscles,
                                    experienceLevel: experience.rawValue, equipmentAvailable: equipment.available,
                                    detailedEquipment: equipment.detailed, injuries: joints,
                                    trainingDaysPerWeek: days, sessionDuration: duration.rawValue))
                        }
                    }
                }
            }
        }
    }
}

do {
    let loadStart = DispatchTime.now().uptimeNanoseconds
    let (catalog, source) = try loadCatalog()
    let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9
    print("catalogue: \(catalog.exercises.count) exercises from \(source) "
        + "(loaded in \(String(format: "%.3f", loadSeconds)) s)")

    let generators = InjuryPolicy.allCases.map {
        ProgrammeGenerator(catalog: catalog, options: GeneratorOptions(injuryPolicy: $0))
    }
    let encoder = OrderedJSONEncoder(layout: .indented)
    var bytes = 0
    // Warm-up: one pass over a slice, so caches and allocators settle.
    for questionnaire in questionnaires.prefix(500) {
        let programme = try generators[0].generate(from: questionnaire, seed: 1, createdDate: createdDate)
        bytes &+= try encoder.encode(programme).count
    }

    // Wall time is what a caller waits; the thread's CPU time is what the generator costs,
    // which another process on the machine does not inflate. Both are printed.
    var wall: [UInt64] = []
    var cpu: [UInt64] = []
    wall.reserveCapacity(questionnaires.count * generators.count)
    cpu.reserveCapacity(questionnaires.count * generators.count)
    let totalStart = DispatchTime.now().uptimeNanoseconds
    for generator in generators {
        for (offset, questionnaire) in questionnaires.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUNanoseconds()
            let programme = try generator.generate(from: questionnaire, seed: UInt64(offset), createdDate: createdDate)
            bytes &+= try encoder.encode(programme).count
            cpu.append(threadCPUNanoseconds() - cpuStart)
            wall.append(DispatchTime.now().uptimeNanoseconds - start)
        }
    }
    let total = Double(DispatchTime.now().uptimeNanoseconds - totalStart) / 1e9
    print("programmes: \(wall.count) (every goal × experience × days × duration × 5 equipment × 4 priority sets "
        + "× 4 injury sets × 2 policies); load average \(loadAverage())")
    for (name, samples) in [("wall", wall), ("CPU", cpu)] {
        let sorted = samples.sorted()
        let p99 = percentile(sorted, 0.99)
        print(String(
            format: "per programme, %@ (questionnaire check + generation + JSON): p50 %.3f ms, p99 %.3f ms, "
                + "max %.3f ms; target p99 ≤ 1 ms: %@",
            name, percentile(sorted, 0.5), p99, Double(sorted.last ?? 0) / 1e6, p99 <= 1 ? "met" : "MISSED"))
    }
    print(String(format: "total: %.2f s (%.0f programmes/s)", total, Double(wall.count) / total))
    print("json bytes: \(bytes)")
} catch {
    FileHandle.standardError.write(Data("generator-bench: \(error)\n".utf8))
    exit(2)
}
