import Foundation
import TestSupport
import Testing

/// The README's examples of the user's stores (the training log, GymTrack, the fitness journal)
/// are run in order, in an empty folder beside the committed catalogue, and what each command
/// prints (standard error, then standard output) must be what the README shows, byte for byte;
/// a line `…` stands for any number of lines. Row ids are random UUIDs, different on every run:
/// each id, whole or shown as `#` and its first 8 characters, matches any other.
@Suite("README examples")
struct ReadmeExampleTests {
    struct Example: Sendable {
        var command: String
        var expected: [String]
    }

    /// Every `$ traindb …` line of the code blocks from "## Training log" to the end of
    /// "## Fitness journal", with the lines that follow it.
    static func examples(_ readme: String) -> [Example] {
        guard let start = readme.range(of: "\n## Training log\n"),
            let journal = readme.range(of: "\n## Fitness journal\n", range: start.upperBound..<readme.endIndex)
        else { return [] }
        let end = readme.range(of: "\n## ", range: journal.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        var examples: [Example] = []
        var inBlock = false
        for line in readme[start.upperBound..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock, line.hasPrefix("$ traindb ") {
                examples.append(Example(command: String(line.dropFirst(2)), expected: []))
            } else if inBlock, !examples.isEmpty {
                examples[examples.count - 1].expected.append(String(line))
            }
        }
        return examples
    }

    /// `line` with every row id, whole or as `#` and its first 8 characters, written `<id>`.
    static func maskingIDs(_ line: String) -> String {
        line.replacing(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, with: "<id>")
            .replacing(/#[0-9a-f]{8}\b/, with: "#<id>")
    }

    /// Whether `lines` are `expected`, each `…` standing for any number of lines.
    static func matches(_ lines: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return lines.isEmpty }
        if first == "…" {
            let rest = Array(expected.dropFirst())
            return (0...lines.count).contains { matches(Array(lines.dropFirst($0)), rest) }
        }
        return lines.first.map(maskingIDs) == maskingIDs(first) && matches(Array(lines.dropFirst()), Array(expected.dropFirst()))
    }

    @Test("the user stores' examples print what the README shows")
    func userStores() throws {
        let readme = try String(contentsOf: PackageRoot.url("README.md"), encoding: .utf8)
        let examples = Self.examples(readme)
        #expect(examples.count >= 25)
        let catalogue = try CommittedCatalogue.databasePath()
        try TemporaryDirectory.with { directory in
            let files = FileManager.default
            try files.createSymbolicLink(
                atPath: directory.path("Tests"), withDestinationPath: PackageRoot.url("Tests").path)
            try files.createDirectory(
                atPath: directory.path("database-management/build"), withIntermediateDirectories: true)
            try files.copyItem(atPath: catalogue, toPath: directory.path("database-management/build/exercises.sqlite"))
            let shell = URL(fileURLWithPath: "/bin/sh")
            let traindb = "'" + TraindbProcess.executable.path + "'"
            for example in examples {
                #expect(example.expected.contains { $0 != "…" }, "\(example.command) shows no output")
                let command = traindb + example.command.dropFirst("traindb".count)
                let run = try Subprocess.run(shell, ["-c", command], in: directory.url)
                // A CSV line ends in CR LF, which the README cannot show: any line break is one.
                var lines = (run.stderr + run.stdout).split(omittingEmptySubsequences: false) { $0.isNewline }
                    .map(String.init)
                if lines.last == "" { lines.removeLast() }
                #expect(
                    Self.matches(lines, example.expected),
                    "\(example.command)\nprinted:\n\(lines.joined(separator: "\n"))")
            }
        }
    }
}
