import Foundation

/// A fresh directory for one test, removed when the test's body returns.
struct TemporaryDirectory {
    let url: URL

    static func with<Value>(_ body: (TemporaryDirectory) throws -> Value) throws -> Value {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryDirectory(url: url))
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names of the files in the directory, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
