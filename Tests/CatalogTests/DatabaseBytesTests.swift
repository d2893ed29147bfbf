import Catalog
import CatalogBuild
import Foundation
import GRDB
import TestSupport
import Testing

/// What a build writes must not drift: the same content gives the same rows, in the same
/// order, with the same keys, and (for a given SQLite) the same file. A change to the writer
/// that moves any of them fails here, whatever else still passes.
@Suite("the bytes a build writes")
struct DatabaseBytesTests {
    /// A small catalogue made in code: an item and an item-less exercise, secondary muscles in
    /// order, four steps, URLs, two tiers, unused lookup values, contraindications and sources.
    static let content = CatalogContent(
        exercises: [
            Exercise(
                id: "pin_press", displayName: "Pin Press", canonicalName: "Bench Press",
                equipmentCategory: "Barbells", equipmentItem: "Flat Bench", primaryMuscle: "Chest",
                secondaryMuscles: ["Triceps", "Shoulders"], movementPattern: "Horizontal Push", complexity: 3,
                selectionTier: 1, isIsolation: false, includeInProgramme: true,
                instructions: ["Set the pins.", "Unrack.", "Press from the pins.", "Rack."],
                videoURL: "https://videos.example.com/pin-press.mp4",
                thumbnailURL: "https://videos.example.com/pin-press.jpg"),
            Exercise(
                id: "floor_press", displayName: "Dumbbell Floor Press", canonicalName: "Bench Press",
                equipmentCategory: "Dumbbells", primaryMuscle: "Chest", secondaryMuscles: ["Triceps"],
                movementPattern: "Horizontal Push", complexity: 1, selectionTier: 2, isIsolation: false,
                includeInProgramme: true, instructions: ["Lie down.", "Press."]),
            Exercise(
                id: "wall_sit", displayName: "Wall Sit", canonicalName: "Wall Sit", equipmentCategory: "Bodyweight",
                primaryMuscle: "Quads", movementPattern: "Squat", complexity: 1, selectionTier: 2, isIsolation: true,
                includeInProgramme: false, instructions: ["Slide down the wall.", "Hold."]),
        ],
        contraindications: [
            Contraindication(canonicalName: "Wall Sit", joint: "Knee", notes: "Long knee bend."),
            Contraindication(canonicalName: "Bench Press", joint: "Shoulder", notes: "Loaded shoulder."),
            Contraindication(canonicalName: "Bench Press", joint: "Elbow", notes: "Lockout."),
        ],
        equipment: [
            .init(category: "Kettlebells", item: nil), .init(category: "Barbells", item: "Squat Rack"),
            .init(category: "Barbells", item: "Flat Bench"), .init(category: "Dumbbells", item: nil),
            .init(category: "Bodyweight", item: "Pull-up Bar"),
        ],
        muscles: [
            .init(name: "Quads", bodyRegion: "lower"), .init(name: "Chest", bodyRegion: "upper"),
            .init(name: "Calves", bodyRegion: "lower"), .init(name: "Triceps", bodyRegion: "upper"),
            .init(name: "Shoulders", bodyRegion: "upper"),
        ],
        movementPatterns: [
            .init(name: "Squat", description: "Knees and hips."), .init(name: "Lunge", description: "One leg."),
            .init(name: "Horizontal Push", description: "Away from the chest."),
        ],
        complexityLevels: (1...4).map { .init(level: $0, label: "Level \($0)", description: "") },
        selectionTiers: [
            .init(tier: 3, label: "Specialist", description: "Rare."), .init(tier: 1, label: "Staple", description: ""),
            .init(tier: 2, label: "Standard", description: ""),
        ],
        sources: [
            .init(fileName: "b.xlsx", sha256: String(repeating: "b", count: 64)),
            .init(fileName: "a.xlsx", sha256: String(repeating: "a", count: 64)),
        ])

    /// Every table's definition and rows (rowid order) and the schema version, fingerprinted:
    /// independent of the SQLite version.
    static let pinnedContents = "182923830c6517cf"

    /// The file's fingerprint per SQLite version (its header records the version that wrote it).
    static let pinnedFiles: [String: String] = ["3.40.1": "ede4ba07054ab26a"]

    static let sqliteVersion = try? DatabaseQueue().read { db in
        try String.fetchOne(db, sql: "SELECT sqlite_version()")
    }

    @Test("the rows, keys and order a build writes are pinned")
    func contentsArePinned() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(Self.content, to: path)
            let fingerprint = Checksum.fnv1a(try Self.dump(path))
            #expect(fingerprint == Self.pinnedContents, "the build's contents are now \(fingerprint)")
        }
    }

    @Test(
        "the file a build writes is pinned, for the SQLite versions it was checked on",
        .enabled(if: sqliteVersion.map { pinnedFiles[$0] != nil } ?? false))
    func fileIsPinned() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("exercises.sqlite")
            try CatalogDatabaseWriter().write(Self.content, to: path)
            let fingerprint = Checksum.fnv1a(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(
                fingerprint == Self.pinnedFiles[Self.sqliteVersion ?? ""],
                "SQLite \(Self.sqliteVersion ?? "?") now writes \(fingerprint)")
        }
    }

    /// `user_version`, then per table (by name) its SQL and its rows with their rowids.
    static func dump(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var text = "user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1)\n"
            for table in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master ORDER BY type, name") {
                let name: String = table["name"]
                text += "\(name): \(table["sql"] as String? ?? "")\n"
                guard try db.tableExists(name) else { continue }
                for row in try Row.fetchAll(db, sql: "SELECT rowid, * FROM \(name) ORDER BY rowid") {
                    text += row.databaseValues.map(\.description).joined(separator: "|") + "\n"
                }
            }
            return text
        }
    }
}
