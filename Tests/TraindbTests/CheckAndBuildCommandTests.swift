import Foundation
import TestSupport
import Testing
import XLSX
import XLSXTestSupport

/// The data team's and CI's view: the real workbooks, the real executable, exit codes and files.
@Suite("traindb check and build", .serialized)
struct CheckAndBuildCommandTests {
    static let workbooks = PackageRoot.workbooks
    static let workbookNames = ["train_exercise_database_prod.xlsx", "train_exercise_contraindications_prod.xlsx"]

    /// Runs `body` with a scratch folder holding copies of the committed workbooks.
    func withScratchCopy(_ body: (URL) throws -> Void) throws {
        try TemporaryDirectory.with { directory in
            try directory.copyCommittedWorkbooks()
            try body(directory.url)
        }
    }

    @Test func committedWorkbooksPassTheGateWithoutWarnings() throws {
        let output = try TraindbProcess.run(["check", "--strict"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout == "0 errors, 0 warnings\n")
    }

    @Test func brokenWorkbookFailsTheGateWithLocatedProblems() throws {
        try withScratchCopy { folder in
            // A contraindications workbook whose only row names an unknown group, and whose only
            // exception has a level that is neither safe nor contraindicated.
            try WorkbookWriter(sheets: [
                .init(name: "contraindications", rows: [
                    [.text("canonical_name"), .text("joint"), .text("notes")],
                    [.text("Bench Pressing"), .text("Shoulder"), .text("Pressing loads the shoulder.")],
                ]),
                .init(name: "exercise_exceptions", rows: [
                    [.text("exercise_id"), .text("joint"), .text("level"), .text("cue"), .text("notes")],
                    [.text("seated_leg_press"), .text("Lower Back"), .text("sometimes"), nil, .text("Back pad.")],
                ]),
                .init(name: "schema", rows: [
                    ["column_name", "data_type", "required", "unique", "lookup", "description"].map { .text($0) },
                    [
                        .text("canonical_name"), .text("text"), .text("Y"), .text("N"),
                        .text("exercises.canonical_name"), .text("Group."),
                    ],
                    [.text("joint"), .text("text"), .text("Y"), .text("N"), nil, .text("Joint.")],
                    [.text("notes"), .text("text"), .text("Y"), .text("N"), nil, .text("Why.")],
                    [
                        .text("exercise_exceptions.exercise_id"), .text("text"), .text("Y"), .text("N"),
                        .text("exercises.exercise_id"), .text("Exercise."),
                    ],
                    [.text("exercise_exceptions.joint"), .text("text"), .text("Y"), .text("N"), nil, .text("Joint.")],
                    [.text("exercise_exceptions.level"), .text("text"), .text("Y"), .text("N"), nil, .text("Level.")],
                    [.text("exercise_exceptions.cue"), .text("text"), .text("N"), .text("N"), nil, .text("Cue.")],
                    [.text("exercise_exceptions.notes"), .text("text"), .text("Y"), .text("N"), nil, .text("Why.")],
                ]),
            ]).write(to: folder.appendingPathComponent(Self.workbookNames[1]).path)

            let text = try TraindbProcess.run(["check", "--workbooks", folder.path])
            #expect(text.status == 1)
            #expect(
                text.stdout.contains(
                    "error[fk.unknown_value]: unknown canonical_name \"Bench Pressing\"\n"
                        + "  --> \(folder.path)/\(Self.workbookNames[1]) › contraindications!A2\n"))
            #expect(
                text.stdout.contains(
                    "error[exception.level]: level \"sometimes\" is not \"safe\", \"modified\" or \"contraindicated\"\n"
                        + "  --> \(folder.path)/\(Self.workbookNames[1]) › exercise_exceptions!C2\n"))
            #expect(text.stdout.hasSuffix("2 errors, 0 warnings\n"))

            let json = try TraindbProcess.run(["check", "--workbooks", folder.path, "--format", "json"])
            #expect(json.status == 1)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((document["summary"] as? [String: Int]) == ["errors": 2, "warnings": 0, "omitted": 0])

            let github = try TraindbProcess.run(["check", "--workbooks", folder.path, "--format", "github"])
            #expect(
                github.stdout.hasPrefix(
                    "::error file=\(folder.path)/\(Self.workbookNames[1]),title=fk.unknown_value::contraindications!A2 "
                ))
        }
    }

    @Test(arguments: [
        ("not a zip", Data("name,joint\nSquat,Knee\n".utf8), "zip.not_a_zip"),
        ("empty file", Data(), "zip.empty"),
        ("truncated zip", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), "zip.truncated"),
    ])
    func unreadableWorkbookExitsTwoNamingTheFile(_ name: String, _ bytes: Data, _ code: String) throws {
        try withScratchCopy { folder in
            let file = folder.appendingPathComponent(Self.workbookNames[0])
            try bytes.write(to: file)
            let output = try TraindbProcess.run(["check", "--workbooks", folder.path])
            #expect(output.status == 2, "\(name)")
            #expect(output.stderr.hasPrefix("traindb: error["))
            #expect(output.stderr.contains("]: \(file.path): "))
            #expect(output.stderr.hasPrefix("traindb: error[\(code)]: ") || code == "zip.truncated")
        }
    }

    /// A long sheet's values go to a temporary file (`TMPDIR`). Where none can be made, the
    /// check says so and exits 2 with no report, rather than a report that could miss a
    /// duplicate.
    @Test func aCheckWithoutItsTemporaryFileExitsTwoWithNoReport() throws {
        try withScratchCopy { folder in
            // 300 display names of a kilobyte: more than the 256 KiB the check keeps in memory.
            let padding = String(repeating: "x", count: 1_000)
            let rows: [[CellValue?]] =
                [[.text("exercise_id"), .text("display_name")]]
                + (0..<300).map { [.text("exercise_\($0)"), .text("Exercise \($0) \(padding)")] }
                + [[.text("exercise_again"), .text("Exercise 0 \(padding)")]]
            let file = folder.appendingPathComponent(Self.workbookNames[0])
            try WorkbookWriter(sheets: [.init(name: "exercises", rows: rows)]).write(to: file.path)
            func check(temporaryFolder: String) throws -> Subprocess.Output {
                try Subprocess.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["TMPDIR=\(temporaryFolder)", TraindbProcess.executable.path, "check", "--workbooks", folder.path])
            }

            let checked = try check(temporaryFolder: folder.path)
            #expect(checked.status == 1)
            #expect(checked.stdout.contains("is already used at exercises!B2"))

            let missing = folder.appendingPathComponent("no-such-folder").path
            let failed = try check(temporaryFolder: missing)
            #expect(failed.status == 2 && failed.stdout.isEmpty)
            #expect(
                failed.stderr.hasPrefix(
                    "traindb: error[system.temporary_file]: \(file.path): the check of sheet \"exercises\" could not "
                        + "finish: cannot make a temporary file in \(missing)"),
                "\(failed.stderr)")
            #expect(failed.stderr.hasSuffix("; set TMPDIR to a folder it can write to\n"))
        }
    }

    @Test func missingFolderExitsTwo() throws {
        let output = try TraindbProcess.run(["check", "--workbooks", "/nonexistent/catalogue"])
        #expect(output.status == 2)
        let missing = "/nonexistent/catalogue/train_exercise_database_prod.xlsx"
        #expect(output.stderr == "traindb: error[file.missing]: \(missing): no such workbook\n")
    }

    @Test func buildIsReproducibleAndAtomic() throws {
        try withScratchCopy { folder in
            let first = folder.appendingPathComponent("out/first.sqlite")
            let second = folder.appendingPathComponent("out/second.sqlite")
            for target in [first, second] {
                let output = try TraindbProcess.run([
                    "build", "--workbooks", Self.workbooks.path, "--output", target.path,
                ])
                #expect(output.status == 0, "\(output.stderr)")
                // The result line is a result: standard output; standard error is for diagnostics.
                #expect(output.stdout.hasPrefix("wrote \(target.path): "), "\(output.stdout)")
                #expect(output.stderr == "")
            }
            let bytes = try Data(contentsOf: first)
            #expect(bytes.count > 0)
            #expect(bytes == (try Data(contentsOf: second)), "two builds of the same workbooks differ")

            // A broken workbook: nothing written, the existing database byte-identical, no temp file.
            try Data("garbage".utf8).write(to: folder.appendingPathComponent(Self.workbookNames[1]))
            let failed = try TraindbProcess.run(["build", "--workbooks", folder.path, "--output", first.path])
            #expect(failed.status == 2)
            #expect(try Data(contentsOf: first) == bytes)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: first.deletingLastPathComponent().path)
            #expect(leftovers.sorted() == ["first.sqlite", "second.sqlite"])
        }
    }

    @Test("bad exception rows are each a located error, and build writes nothing")
    func badExceptionRowsStopTheBuild() throws {
        try withScratchCopy { folder in
            func text(_ values: [String?]) -> [CellValue?] { values.map { $0.map(CellValue.text) } }
            try WorkbookWriter(sheets: [
                .init(name: "contraindications", rows: [
                    text(["canonical_name", "joint", "notes"]),
                    text(["Squat", "Knee", "Deep knee bend under load."]),
                    text(["Leg Press", "Knee", "Deep knee bend under load."]),
                ]),
                .init(name: "exercise_exceptions", rows: [
                    text(["exercise_id", "joint", "level", "cue", "notes"]),
                    // Row 2: modified without its cue.
                    text(["box_squat", "Knee", "modified", nil, "The box sets the depth."]),
                    // Rows 3-4: a safe and a contraindicated row for one pair.
                    text(["seated_leg_press", "Knee", "safe", nil, "Back pad."]),
                    text(["seated_leg_press", "Knee", "contraindicated", nil, "Deep bend."]),
                    // Row 5: a joint no contraindication names.
                    text(["dumbbell_goblet_squat", "Toe", "contraindicated", nil, "Dropped bells."]),
                    // Row 6: an exercise the catalogue does not have.
                    text(["goblet_squat_deluxe", "Knee", "modified", "to a pain-free depth", "A typo."]),
                ]),
                .init(name: "schema", rows: [
                    text(["column_name", "data_type", "required", "unique", "lookup", "description"]),
                    text(["canonical_name", "text", "Y", "N", "exercises.canonical_name", "Group."]),
                    text(["joint", "text", "Y", "N", nil, "Joint."]),
                    text(["notes", "text", "Y", "N", nil, "Why."]),
                    text(["exercise_exceptions.exercise_id", "text", "Y", "N", "exercises.exercise_id", "Exercise."]),
                    text(["exercise_exceptions.joint", "text", "Y", "N", nil, "Joint."]),
                    text(["exercise_exceptions.level", "text", "Y", "N", nil, "Level."]),
                    text(["exercise_exceptions.cue", "text", "N", "N", nil, "Cue."]),
                    text(["exercise_exceptions.notes", "text", "Y", "N", nil, "Why."]),
                ]),
            ]).write(to: folder.appendingPathComponent(Self.workbookNames[1]).path)

            let check = try TraindbProcess.run(["check", "--workbooks", folder.path, "--format", "json"])
            #expect(check.status == 1)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
            let problems = try #require(document["problems"] as? [[String: Any]])
            let found = Set(problems.compactMap { problem -> String? in
                guard let code = problem["code"] as? String, let cell = problem["cell"] as? String else { return nil }
                return "\(code) \(cell)"
            })
            #expect(found == ["exception.cue D2", "unique.duplicate B4", "fk.unknown_value B5", "fk.unknown_value A6"])

            let target = folder.appendingPathComponent("out/exercises.sqlite")
            let build = try TraindbProcess.run(["build", "--workbooks", folder.path, "--output", target.path])
            #expect(build.status == 1)
            #expect(!FileManager.default.fileExists(atPath: target.path), "a build with errors wrote a database")
        }
    }
}
