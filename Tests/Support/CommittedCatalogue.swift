import Foundation

/// The committed workbooks built into a catalogue database once per test run, by the built
/// `traindb build`, the way the app's database is made. Tests that need the real catalogue
/// open this file instead of importing the workbooks again, so they need neither the importer
/// nor libxml2 and libzip.
public enum CommittedCatalogue {
    /// The database's path; the first call builds it (later calls return the same file).
    public static func databasePath() throws -> String {
        try built.get()
    }

    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("traindb-committed-catalogue-\(ProcessInfo.processInfo.processIdentifier)")

    private static let built: Result<String, CommittedCatalogueError> = {
        let path = folder.appendingPathComponent("exercises.sqlite").path
        atexit { try? FileManager.default.removeItem(at: CommittedCatalogue.folder) }
        do {
            let build = try TraindbProcess.run(
                ["build", "--workbooks", PackageRoot.workbooks.path, "--output", path])
            guard build.status == 0 else {
                let output = build.stdout + build.stderr
                return .failure(CommittedCatalogueError(message: "traindb build failed:\n\(output)"))
            }
            return .success(path)
        } catch {
            return .failure(CommittedCatalogueError(message: "cannot run traindb build: \(error)"))
        }
    }()
}

public struct CommittedCatalogueError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
