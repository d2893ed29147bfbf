import Catalog
import Foundation
import Testing
@testable import CatalogImport

/// The columns the schema sheets must declare are the ones the shipped database keeps: every
/// value a workbook holds comes back out of the database unchanged.
@Suite("workbook to database round trip")
struct DatabaseRoundTripTests {
    @Test func everyCheckedValueSurvivesTheDatabase() throws {
        var fixture = CatalogFixture()
        fixture.set("instruction_3", row: 0, .text("Lower to the chest."))
        fixture.set("instruction_4", row: 0, .text("Press back up."))
        fixture.set("video_url", row: 0, .text("https://videos.train.app/bench.mp4"))
        fixture.set("thumbnail_url", row: 0, .text("https://videos.train.app/bench.jpg"))
        let content = try #require(try fixture.importCatalog().content)
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("catalogue.sqlite").path
        try CatalogDatabaseWriter().write(content, to: path)
        let database = try CatalogDatabase(path: path)
        for exercise in content.exercises {
            #expect(try database.exercise(id: exercise.id) == exercise)
        }
        #expect(try database.contraindications().sorted { ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint) }
            == content.contraindications.sorted { ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint) })
        #expect(try database.provenance().sources.sorted { $0.fileName < $1.fileName } == content.sources.sorted { $0.fileName < $1.fileName })
    }
}
