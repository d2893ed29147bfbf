import Catalog
import CatalogBuild
import Foundation
import TestSupport
import Testing

@Suite("Opening the database and its lookups")
struct CatalogDatabaseTests {
    @Test("a missing database names the path and suggests make db")
    func missingDatabase() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("nowhere.sqlite")
            let error = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase(path: path) }
            #expect(error?.code == "database.missing")
            #expect(error?.kind == .databaseMissing)
            #expect(error?.message.contains(path) == true)
            #expect(error?.message.contains("make db") == true)
            #expect(error?.description.hasPrefix("error[database.missing]: ") == true)
            #expect(try directory.fileNames().isEmpty, "opening must not create the file")
        }
    }

    @Test("a file that is not a database is reported as unreadable")
    func notADatabase() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("exercises.sqlite")
            try Data("this is a spreadsheet, honest".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase(path: path) }
            #expect(error?.code == "database.unreadable")
            #expect(error?.message.contains(path) == true)
        }
    }

    @Test("a database at an older schema version is refused with a rebuild hint")
    func olderSchema() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("old.sqlite")
            try CatalogSchema.migrator.migrate(databaseAt: path, upTo: 1)
            let error = #expect(throws: CatalogDatabaseError.self) { try CatalogDatabase(path: path) }
            #expect(error?.code == "database.schema_version")
            #expect(error?.message.contains("make db") == true)
        }
    }

    @Test("the equipment list: used categories and items, in the lookup's order, with slugs")
    func equipmentList() throws {
        try SampleCatalog.withDatabase { database throws in
            let categories = try database.equipmentCategories()
            #expect(categories.map(\.name) == [
                "Barbells", "Dumbbells", "Bodyweight", "Pin-loaded Machines", "Plate-loaded Machines",
            ])
            #expect(categories.map(\.slug) == [
                "barbells", "dumbbells", "bodyweight", "pin_loaded_machines", "plate_loaded_machines",
            ])
            #expect(categories.map { $0.items.map(\.name) } == [
                ["Squat Rack", "Flat Bench"], [], ["Pull-up Bar"], ["Leg Press", "Leg Extension"], ["Leg Press"],
            ])
            #expect(categories[2].items == [EquipmentCategory.Item(name: "Pull-up Bar", slug: "pull_up_bar")])
            #expect(categories.map(\.isExpandable) == [true, false, true, true, true])
        }
    }

    @Test("an equipment selection naming something the catalogue lacks is reported in full")
    func unknownEquipment() throws {
        try SampleCatalog.withDatabase { database throws in
            #expect(try database.equipmentSelection(entries: ["barbells:squat_rack", "Dumbbells"])
                == SampleCatalog.selection(["barbells:squat_rack", "dumbbells"]))
            let error = #expect(throws: CatalogDatabaseError.self) {
                try database.equipmentSelection(entries: ["Kettlebel", "barbells:Smith Machine"])
            }
            #expect(error?.code == "query.unknown_equipment")
            #expect(error?.message.contains("\"Kettlebel\"") == true, "as typed")
            #expect(error?.message.contains("\"Smith Machine\" under \"barbells\"") == true)
            #expect(error?.message.contains("squat_rack, flat_bench") == true)
        }
    }

    @Test("joints: the distinct joints of the contraindications, by name, with slugs")
    func joints() throws {
        try SampleCatalog.withDatabase { database throws in
            #expect(try database.joints() == [
                Joint(name: "Elbow", slug: "elbow"), Joint(name: "Knee", slug: "knee"),
                Joint(name: "Lower Back", slug: "lower_back"), Joint(name: "Shoulder", slug: "shoulder"),
            ])
        }
    }

    @Test("contraindications: all, by canonical group, by joints")
    func contraindications() throws {
        try SampleCatalog.withDatabase { database throws in
            let all = try database.contraindications()
            #expect(all.count == SampleCatalog.contraindications.count)
            #expect(all.map(\.canonicalName) == ["Bench Press", "Pull-up", "Pull-up", "Squat", "Squat"])
            #expect(try database.contraindications(forCanonicalName: "Pull-up").map(\.joint) == ["Elbow", "Shoulder"])
            #expect(try database.contraindications(forCanonicalName: "Plank").isEmpty)
            let injured = try database.contraindications(forJoints: ["lower_back", "Shoulder"])
            #expect(injured.map(\.canonicalName) == ["Bench Press", "Pull-up", "Squat"])
            #expect(injured.last?.notes == "Axial loading.")
        }
    }

    @Test("provenance: tool version, schema version and source workbooks, no clock")
    func provenance() throws {
        try SampleCatalog.withDatabase { database throws in
            let provenance = try database.provenance()
            #expect(provenance.toolVersion == TrainDBVersion.current)
            #expect(provenance.schemaVersion == CatalogSchema.latestVersion)
            #expect(provenance.sources.map(\.fileName) == [
                "train_exercise_contraindications_prod.xlsx", "train_exercise_database_prod.xlsx",
            ])
        }
    }
}
