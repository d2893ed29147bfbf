import Catalog
import Foundation
import ProgrammeGenerator
import TestSupport

/// The committed catalogue, read once per test run from the database `traindb build` makes of
/// the committed workbooks, the way the app reads it (the generator's tests need neither the
/// importer nor the XLSX reader).
enum CommittedCatalog {
    /// The records the generator reads.
    struct Records: Sendable {
        var exercises: [Exercise]
        var contraindications: [Contraindication]
        var exceptions: [ExerciseException]
        var muscles: [Muscle]
    }

    private static let loaded = Result {
        let database = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        return Records(
            exercises: try database.exercises(), contraindications: try database.contraindications(),
            exceptions: try database.exerciseExceptions(), muscles: try database.muscles())
    }

    /// Every exercise, contraindication, exception and muscle of the committed catalogue.
    static func content() throws -> Records {
        try loaded.get()
    }

    /// The generator's view of the committed catalogue.
    static func catalog() throws -> GeneratorCatalog {
        try generatorCatalog.get()
    }

    /// The muscles and their body regions, as the database holds them.
    static func muscles() throws -> [Muscle] {
        try content().muscles
    }

    private static let generatorCatalog = loaded.map { content in
        GeneratorCatalog(
            exercises: content.exercises, contraindications: content.contraindications, exceptions: content.exceptions,
            muscles: content.muscles)
    }
}
