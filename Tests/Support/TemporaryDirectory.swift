import Foundation

/// A fresh directory for one test, removed when the body returns.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Runs `body` with a new, empty directory and removes it afterwards.
    public static func with<Value>(_ body: (TemporaryDirectory) throws -> Value) throws -> Value {
        let directory = try make()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        return try body(directory)
    }

    /// `with(_:)` for a body that awaits.
    public static func with<Value>(_ body: (TemporaryDirectory) async throws -> Value) async throws -> Value {
        let directory = try make()
        defer { try? FileManager.default.removeItem(at: directory.url) }
        return try await body(directory)
    }

    private static func make() throws -> TemporaryDirectory {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("traindb-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return TemporaryDirectory(url: url)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names of the files in the directory, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Copies the committed workbooks into the directory, to be changed by a test.
    public func copyCommittedWorkbooks() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: PackageRoot.workbooks.path)
        where name.hasSuffix(".xlsx") {
            try FileManager.default.copyItem(
                at: PackageRoot.workbooks.appendingPathComponent(name), to: url.appendingPathComponent(name))
        }
    }
}
