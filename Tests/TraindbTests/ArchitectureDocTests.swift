import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md stays true: every file and module it names exists, every module of the
/// package has its line in it, and the module graph it draws is the manifest's.
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
        matches(of: #"(?m)^\| \[?`([A-Za-z][A-Za-z-]*)`"#, in: text)
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
        #expect(
            FileManager.default.fileExists(atPath: PackageRoot.url(path).path), "docs/ARCHITECTURE.md links to \(path)")
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

    /// Each target of the manifest (benchmarks and test targets aside) and what it depends on:
    /// the package's modules and other packages' products, swift-log's `Logging` left out.
    static func manifestGraph(_ manifest: String) -> [String: Set<String>] {
        let declaration = #"\.(?:target|executableTarget|testTarget|systemLibrary)\("#
        let starts = matchRanges(of: declaration, in: manifest)
        var graph: [String: Set<String>] = [:]
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].lowerBound : manifest.endIndex
            let body = String(manifest[start.lowerBound..<end])
            guard let name = matches(of: #"^\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)""#, in: body).first,
                !name.hasSuffix("-bench")
            else { continue }
            var dependencies: Set<String> = []
            if let list = body.range(of: "dependencies: [") {
                var depth = 1
                var cursor = list.upperBound
                while cursor < body.endIndex, depth > 0 {
                    if body[cursor] == "[" { depth += 1 } else if body[cursor] == "]" { depth -= 1 }
                    cursor = body.index(after: cursor)
                }
                let text = String(body[list.upperBound..<cursor])
                let products = matches(of: #"\.product\(\s*name:\s*"([^"]+)""#, in: text)
                let withoutProducts = text.replacingOccurrences(
                    of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies = Set(matches(of: #""([^"]+)""#, in: withoutProducts) + products)
            }
            dependencies.remove("Logging")
            graph[name] = dependencies
        }
        return graph
    }

    /// The graph drawn in the document's first code block: `Name  ← A, B,` (a line ending in a
    /// comma goes on on the next) or `Name  (no dependencies)`.
    static func drawnGraph(_ doc: String) -> [String: Set<String>] {
        guard let open = doc.range(of: "```\n"),
            let close = doc.range(of: "\n```", range: open.upperBound..<doc.endIndex)
        else { return [:] }
        var graph: [String: Set<String>] = [:]
        var continuing: String?
        for line in doc[open.upperBound..<close.lowerBound].split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let name = continuing {
                graph[name, default: []].formUnion(Self.names(trimmed))
                continuing = trimmed.hasSuffix(",") ? name : nil
            } else if let arrow = trimmed.range(of: " ← ") {
                let name = trimmed[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
                let rest = String(trimmed[arrow.upperBound...])
                graph[name] = Self.names(rest)
                continuing = rest.hasSuffix(",") ? name : nil
            } else if trimmed.hasSuffix("(no dependencies)") {
                graph[trimmed.replacingOccurrences(of: "(no dependencies)", with: "")
                    .trimmingCharacters(in: .whitespaces)] = []
            }
        }
        return graph
    }

    private static func names(_ list: String) -> Set<String> {
        Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    static func matchRanges(of pattern: String, in text: String) -> [Range<String.Index>] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text)
        }
    }

    @Test("the drawn module graph is Package.swift's, target by target")
    func graphMatchesTheManifest() {
        let manifest = Self.manifestGraph(Self.manifest)
        let drawn = Self.drawnGraph(Self.doc)
        #expect(manifest.count > 15)
        #expect(Set(drawn.keys) == Set(manifest.keys), "modules drawn vs. targets of Package.swift")
        for (module, dependencies) in manifest.sorted(by: { $0.key < $1.key }) {
            guard let shown = drawn[module] else { continue }
            let extra = shown.subtracting(dependencies).sorted()
            let missing = dependencies.subtracting(shown).sorted()
            #expect(shown == dependencies, "\(module): drawn but not a dependency: \(extra); not drawn: \(missing)")
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
