import Foundation
import TestSupport
import Testing

/// Every example of the README, and of each `docs/*.md` it links, is run as a newcomer runs it
/// on a fresh clone after `make db` (and `make pg`): in order, document after document, in one
/// folder laid out as the repository is, with `traindb` on the `PATH` as the README's first step
/// puts it. What each command prints (standard error, then standard output) must be what the
/// document shows under it, line for line, so a stale example fails `make test`.
///
/// - An example is a `$ ` line of a fenced block (a trailing `\` continues it on the next line)
///   and the lines under it up to the next `$ ` line or the block's end; a line `…` (indented or
///   not) stands for any number of lines. A block right under a line `<!-- not run: … -->` is not run (it says
///   why), nor is a `$ make …` line: the test provides what `make db` (the committed catalogue at
///   `database-management/build/exercises.sqlite`) and `make pg` (the cluster `make test` uses)
///   provide, and such a line must show no output.
/// - Masked on both sides: row ids (random UUIDs, whole or as `#` and their first 8 characters),
///   the cluster's port and today's date.
/// - A command that uses PostgreSQL (`--postgres`, `scripts/pg-cluster`) runs against the
///   cluster `make test` uses (`TRAINDB_POSTGRES_URL`, found by `scripts/pg-cluster`); without
///   one they are left out, with the PostgreSQL suites' skip line, except under `CI=true`.
@Suite("README examples")
struct ReadmeExampleTests {
    struct Example: Sendable, CustomStringConvertible {
        var document: String
        var line: Int
        var command: String
        var expected: [String] = []

        var usesPostgres: Bool { command.contains("--postgres") || command.contains("pg-cluster") }
        var isMake: Bool { command == "make" || command.hasPrefix("make ") }
        var description: String { "\(document):\(line): $ \(command)" }
    }

    /// The README, then each `docs/*.md` it links, in the order of their first link.
    static func documents(_ readme: String) -> [String] {
        var names = ["README.md"]
        for match in readme.matches(of: /\]\((docs\/[A-Za-z0-9_.-]+\.md)(#[^)]*)?\)/) {
            let name = String(match.1)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The examples of `text`, in order.
    static func examples(_ text: String, document: String) -> [Example] {
        var examples: [Example] = []
        var indent: Substring?  // the open block's fence indentation
        var skipped = false
        var lastProse = ""
        var blockHasCommand = false
        var continuing = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if indent == nil {
                    indent = raw.prefix(raw.count - trimmed.count)
                    skipped = lastProse.hasPrefix("<!-- not run")
                } else {
                    indent = nil
                }
                blockHasCommand = false
                continuing = false
                continue
            }
            guard let fence = indent else {
                if !trimmed.isEmpty { lastProse = String(trimmed) }
                continue
            }
            if skipped { continue }
            let line = raw.hasPrefix(fence) ? String(raw.dropFirst(fence.count)) : String(trimmed)
            if continuing {
                examples[examples.count - 1].command += "\n" + line
                continuing = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                examples.append(Example(document: document, line: index + 1, command: String(line.dropFirst(2))))
                blockHasCommand = true
                continuing = line.hasSuffix("\\")
            } else if blockHasCommand {
                examples[examples.count - 1].expected.append(line)
            }
        }
        return examples
    }

    static let today: [String] = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        var days: [String] = []
        for zone in [TimeZone(identifier: "UTC"), TimeZone.current].compactMap({ $0 }) {
            formatter.timeZone = zone
            days.append(formatter.string(from: Date()))
        }
        return days
    }()

    /// `line` with its row ids, the cluster's port and today's date masked.
    static func masking(_ line: String) -> String {
        var line = line.replacing(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, with: "<id>")
            .replacing(/#[0-9a-f]{8}\b/, with: "#<id>")
            .replacing(/127\.0\.0\.1:[0-9]+/, with: "127.0.0.1:<port>")
        for day in today { line = line.replacing(day, with: "<today>") }
        return line
    }

    /// Whether `lines` are `expected`, each line `…` standing for any number of lines.
    static func matches(_ lines: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return lines.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            let rest = Array(expected.dropFirst())
            return (0...lines.count).contains { matches(Array(lines.dropFirst($0)), rest) }
        }
        return lines.first.map(masking) == masking(first)
            && matches(Array(lines.dropFirst()), Array(expected.dropFirst()))
    }

    static let environment = ProcessInfo.processInfo.environment
    static let postgresRuns =
        environment["TRAINDB_POSTGRES_URL"].map { !$0.isEmpty } == true || environment["CI"] == "true"

    /// Every example of the README and its docs, in order.
    static func allExamples() throws -> [Example] {
        let readme = try String(contentsOf: PackageRoot.url("README.md"), encoding: .utf8)
        return try documents(readme).flatMap { name in
            examples(try String(contentsOf: PackageRoot.url(name), encoding: .utf8), document: name)
        }
    }

    /// A folder laid out as a fresh clone after `make db`: the committed folders the examples
    /// read (linked, so nothing an example writes lands in them), the workbooks, the catalogue
    /// `make db` builds (a copy), `.build/debug/traindb`, and `.build/pg-cluster` as `make pg`
    /// leaves it in this checkout.
    static func withClone(_ body: (TemporaryDirectory) throws -> Void) throws {
        let catalogue = try CommittedCatalogue.databasePath()
        try TemporaryDirectory.with { clone in
            let files = FileManager.default
            for name in ["Tests", "docs", "schema", "scripts", "supabase", "Makefile", "Package.swift", "README.md"] {
                try files.createSymbolicLink(atPath: clone.path(name), withDestinationPath: PackageRoot.url(name).path)
            }
            try files.createDirectory(
                atPath: clone.path("database-management/build"), withIntermediateDirectories: true)
            for name in try files.contentsOfDirectory(atPath: PackageRoot.workbooks.path) where name.hasSuffix(".xlsx")
            {
                try files.createSymbolicLink(
                    atPath: clone.path("database-management/\(name)"),
                    withDestinationPath: PackageRoot.workbooks.appendingPathComponent(name).path)
            }
            try files.copyItem(atPath: catalogue, toPath: clone.path("database-management/build/exercises.sqlite"))
            try files.createDirectory(atPath: clone.path(".build/debug"), withIntermediateDirectories: true)
            try files.createSymbolicLink(
                atPath: clone.path(".build/debug/traindb"), withDestinationPath: TraindbProcess.executable.path)
            try files.createSymbolicLink(
                atPath: clone.path(".build/pg-cluster"), withDestinationPath: PackageRoot.url(".build/pg-cluster").path)
            try body(clone)
        }
    }

    /// Runs `examples` in a fresh clone, each through `/bin/sh` with `.build/debug` on the PATH.
    static func run(_ examples: [Example], postgres: Bool) throws {
        try withClone { clone in
            let shell = URL(fileURLWithPath: "/bin/sh")
            let path = "PATH='\(clone.path(".build/debug"))':\"$PATH\"; export PATH\n"
            for example in examples where !example.isMake && (postgres || !example.usesPostgres) {
                let run = try Subprocess.run(shell, ["-c", path + example.command], in: clone.url)
                // A CSV line ends in CR LF, which a document cannot show: any line break is one.
                var lines = (run.stderr + run.stdout).split(omittingEmptySubsequences: false) { $0.isNewline }
                    .map(String.init)
                if lines.last == "" { lines.removeLast() }
                #expect(
                    matches(lines, example.expected),
                    "\(example)\nprinted:\n\(lines.joined(separator: "\n"))")
            }
        }
    }

    @Test("the README names where traindb is before its first example, and its examples are many")
    func shape() throws {
        let examples = try Self.allExamples()
        #expect(examples.count >= 55, "\(examples.count) examples: has the parser lost some?")
        // A newcomer's first step puts traindb on the PATH; nothing calls it before.
        #expect(examples.first?.command == #"export PATH="$PWD/.build/debug:$PATH""#)
        for example in examples where example.isMake {
            #expect(example.expected.isEmpty, "\(example): the test does not run make; show its output in prose")
        }
        // Syntax is a reference list, not an example a reader would type as is.
        for example in examples {
            let placeholder = example.command.contains(/(^| )[A-Z][A-Z_]{2,}( |$)/) || example.command.contains("[--")
            #expect(!placeholder, "\(example) is syntax (a placeholder, an optional part), not an example")
        }
    }

    @Test("every example prints what its document shows", .enabled(if: Self.postgresRuns, """
        PostgreSQL tests skipped: TRAINDB_POSTGRES_URL is not set (make pg starts a local server; \
        under CI=true a missing server fails the run)
        """))
    func everyExample() throws {
        try Self.run(try Self.allExamples(), postgres: true)
    }

    @Test("without PostgreSQL, every other example prints what its document shows", .enabled(if: !Self.postgresRuns))
    func examplesWithoutPostgres() throws {
        try Self.run(try Self.allExamples(), postgres: false)
    }
}
