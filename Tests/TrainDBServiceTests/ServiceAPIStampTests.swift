import Crypto
import Foundation
import TestSupport
import Testing

/// Sources/TrainDBService/Generated is generated from openapi/openapi.yaml by `make openapi`,
/// which writes the SHA-256 of the document, its settings and the generated files to openapi/generated.sha256.
/// A document changed without regenerating, or generated code edited by hand, fails here.
@Suite("the service's generated code matches its OpenAPI document")
struct ServiceAPIStampTests {
    @Test("every file of the stamp has the SHA-256 it had when generated")
    func stampMatches() throws {
        let stamp = try String(contentsOf: PackageRoot.url("openapi/generated.sha256"), encoding: .utf8)
        var files: [String: String] = [:]
        for line in stamp.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            try #require(parts.count == 2, "a stamp line is HASH PATH: \(line)")
            files[String(parts[1])] = String(parts[0])
        }
        let generated = try FileManager.default.contentsOfDirectory(
            atPath: PackageRoot.url("Sources/TrainDBService/Generated").path
        )
        .filter { $0.hasSuffix(".swift") }.map { "Sources/TrainDBService/Generated/\($0)" }
        let expected = generated + ["openapi/openapi.yaml", "openapi/openapi-generator-config.yaml"]
        #expect(Set(files.keys) == Set(expected), "a generated file was added or removed by hand: run make openapi")
        for path in expected {
            let data = try Data(contentsOf: PackageRoot.url(path))
            let hash = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            #expect(
                files[path] == hash,
                "\(path) changed since make openapi generated Sources/TrainDBService/Generated: run make openapi")
        }
    }
}
