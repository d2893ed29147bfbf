import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md stays true: every file and module it names exists, and every module of
/// the package has its line in it.
@Suite("docs/ARCHITECTURE.md")
struct ArchitectureDocTests {
    static let doc = (try? String(contentsOf: PackageRoot.url("docs/ARCHITECTURE.md"), encoding: .utf8)) ?? ""
    static let manifest = (try? String(contentsOf: PackageRoot.url("Package.swift"), encoding: .utf8)) ?? ""
    static let readme = (try? String(contentsOf: PackageRoot.url("README.md"), encoding: .utf8)) ?? ""

    /// Every `](../relative/path)` link of the document.
    static let links: [String] = matches(of: #"\]\(\.\./([^)#\s]+)\)"#, in: doc)

    /// The library and support targets the manifest declares (`.target(name: "X"`).
    static let targets = Set(matches(of: #"\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)""#, in: manifest))

    /// The modules in the first column of a module table: "| [`Name`](…) |" or "| `Name` |".
    static func tableModules(_ text: String) -> [String] {
        matches(of: #"(?m)^\| \[?`([A-Za-z]+)`"#, in: text)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("the document and the manifest were read")
    func readable() {
        #expect(Self.links.count > 30)
        #expect(Self.targets.contains("Catalog"))
    }

    @Test("every file or folder it links to exists", arguments: links)
    func linkResolves(_ path: String) {
        #expect(FileManager.default.fileExists(atPath: PackageRoot.url(path).path), "docs/ARCHITECTURE.md links to \(path)")
    }

    @Test("every module it lists is a target of Package.swift")
    func modulesExist() {
        let listed = Self.tableModules(Self.doc)
        #expect(listed.count >= 10)
        for module in listed {
            #expect(Self.targets.contains(module), "\(module) is listed but Package.swift has no such target")
        }
    }

    @Test("every target of Package.swift, benchmarks aside, has its line")
    func everyTargetIsListed() {
        let listed = Set(Self.tableModules(Self.doc))
        for target in Self.targets where !target.hasSuffix("-bench") {
            #expect(listed.contains(target), "add a line for \(target) to docs/ARCHITECTURE.md")
        }
    }

    @Test("the README's module table names only targets that exist")
    func readmeModulesExist() {
        let listed = Self.tableModules(Self.readme)
        #expect(!listed.isEmpty)
        for module in listed {
            #expect(Self.targets.contains(module), "README.md lists \(module), which Package.swift does not have")
        }
    }
}
