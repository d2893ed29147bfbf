import Catalog
import CatalogImport
import Foundation
import ProgrammeGenerator

/// The committed workbooks, imported once per test run and kept as a generator catalogue.
enum CommittedCatalog {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let workbooks = packageRoot.appendingPathComponent("database-management").path

    private static let loaded: Result<CatalogContent, CommittedCatalogError> = {
        do {
            let result = try CatalogImporter(logger: .silent).importCatalog(from: workbooks)
            guard let content = result.content else {
                return .failure(CommittedCatalogError(message: "the committed workbooks have \(result.errorCount) errors"))
            }
            return .success(content)
        } catch {
            return .failure(CommittedCatalogError(message: "\(error)"))
        }
    }()

    /// The checked records of both workbooks.
    static func content() throws -> CatalogContent {
        try loaded.get()
    }

    /// The generator's view of the committed catalogue.
    static func catalog() throws -> GeneratorCatalog {
        try generatorCatalog.get()
    }

    /// The muscles and their body regions, as the database holds them.
    static func muscles() throws -> [Muscle] {
        try content().muscles.map { Muscle(name: $0.name, slug: slug($0.name), bodyRegion: $0.bodyRegion) }
    }

    private static let generatorCatalog: Result<GeneratorCatalog, CommittedCatalogError> = loaded.map { content in
        GeneratorCatalog(
            exercises: content.exercises, contraindications: content.contraindications,
            muscles: content.muscles.map { Muscle(name: $0.name, slug: slug($0.name), bodyRegion: $0.bodyRegion) })
    }
}

struct CommittedCatalogError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
