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
        let content = try content()
        return GeneratorCatalog(exercises: content.exercises, contraindications: content.contraindications)
    }
}

struct CommittedCatalogError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
