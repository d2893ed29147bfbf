import Catalog
import CatalogBuild
import Foundation
import TestSupport
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
        try TemporaryDirectory.with { directory in
            let path = directory.path("catalogue.sqlite")
            try CatalogDatabaseWriter().write(content, to: path)
            let database = try CatalogDatabase(path: path)
            for exercise in content.exercises {
                #expect(try database.exercise(id: exercise.id) == exercise)
            }
            let byGroupAndJoint: (Contraindication, Contraindication) -> Bool = {
                ($0.canonicalName, $0.joint) < ($1.canonicalName, $1.joint)
            }
            #expect(
                try database.contraindications().sorted(by: byGroupAndJoint)
                    == content.contraindications.sorted(by: byGroupAndJoint))
            #expect(
                try database.provenance().sources.sorted { $0.fileName < $1.fileName }
                    == content.sources.sorted { $0.fileName < $1.fileName })
        }
    }
}
