import Catalog
import CatalogBuild
import Foundation
import TestSupport
import Testing
import XLSX
import XLSXTestSupport

/// The data team's review tools: diff between releases, textconv for workbook changes.
@Suite("traindb diff and the workbook textconv")
struct CatalogToolsCommandTests {
    static func exercise(_ id: String, _ name: String, complexity: Int = 2, programme: Bool = true) -> Exercise {
        Exercise(
            id: id, displayName: name, canonicalName: "Bench Press", equipmentCategory: "Dumbbells",
            primaryMuscle: "Chest", secondaryMuscles: ["Triceps"], movementPattern: "Horizontal Push",
            complexity: complexity, isIsolation: false, includeInProgramme: programme,
            instructions: ["Set up.", "Press."])
    }

    static func database(
        _ exercises: [Exercise], contraindications: [Contraindication] = [], in folder: URL, named name: String
    ) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try CatalogDatabaseWriter().write(CatalogContent(
            exercises: exercises, contraindications: contraindications,
            equipment: [.init(category: "Dumbbells", item: nil)],
            muscles: [.init(name: "Chest", bodyRegion: "upper"), .init(name: "Triceps", bodyRegion: "upper")],
            movementPatterns: [.init(name: "Horizontal Push", description: "Press away.")],
            complexityLevels: (1...4).map { .init(level: $0, label: "L\($0)", description: "") },
            selectionTiers: (1...3).map { .init(tier: $0, label: "T\($0)", description: "") }), to: path)
        return path
    }

    @Test func diffReportsAddedRenamedChangedAndRemovedIDsAsErrors() throws {
        try TemporaryDirectory.with { directory in try diffReportsEveryChange(in: directory.url) }
    }

    func diffReportsEveryChange(in folder: URL) throws {
        let old = try Self.database([
            Self.exercise("db_press", "Dumbbell Press"),
            Self.exercise("floor_press", "Floor Press"),
            Self.exercise("old_press", "Old Press"),
        ], in: folder, named: "old.sqlite")
        let new = try Self.database([
            Self.exercise("db_press", "Dumbbell Bench Press"),
            Self.exercise("floor_press", "Floor Press", complexity: 3, programme: false),
            Self.exercise("squeeze_press", "Squeeze Press"),
        ], in: folder, named: "new.sqlite")

        let output = try TraindbProcess.run(["diff", old, new])
        #expect(output.status == 1)
        #expect(output.stdout == """
            added (1):
              + squeeze_press  Squeeze Press
            removed (1):
              - old_press  Old Press
                error[diff.removed_id]: users' logs point at "old_press"; \
            keep its row with include_in_programme = 0 to retire it
            renamed (1):
              ~ db_press  "Dumbbell Press" → "Dumbbell Bench Press"
            changed (1):
              ~ floor_press  Floor Press
                  complexity_level: "2" → "3"
                  include_in_programme: "1" → "0"
            exercises: 1 added, 1 removed, 1 renamed, 1 changed; \
            contraindications: 0 added, 0 removed; 1 error, 0 warnings

            """)

        // Retiring instead of removing passes.
        let retired = try Self.database([
            Self.exercise("db_press", "Dumbbell Press"),
            Self.exercise("floor_press", "Floor Press"),
            Self.exercise("old_press", "Old Press", programme: false),
        ], in: folder, named: "retired.sqlite")
        let clean = try TraindbProcess.run(["diff", old, retired, "--format", "json"])
        #expect(clean.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
        #expect((json["removed"] as? [Any])?.isEmpty == true)
        #expect((json["changed"] as? [[String: Any]])?.first?["id"] as? String == "old_press")
    }

    @Test func diffOfAMissingDatabaseExitsTwo() throws {
        let output = try TraindbProcess.run(["diff", "/nonexistent/old.sqlite", "/nonexistent/new.sqlite"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("/nonexistent/old.sqlite"))
    }

    static let workbook = WorkbookWriter(sheets: [
        .init(name: "exercises", rows: [
            [.text("exercise_id"), .text("display_name"), .text("complexity_level"), .text("secondary_muscles")],
            [.text("push_up"), .text("Push-Up"), .number(1), .text("Triceps, Shoulders")],
            [.text("dip"), .text("Dip \"bar\""), .number(3), nil],
        ]),
        .init(name: "notes", state: .hidden, rows: [[nil, .boolean(true), .error("#N/A")]]),
    ])

    @Test func textconvShowsEachSheetAsCSV() throws {
        let output = try TemporaryDirectory.with { directory in
            let path = directory.path("small.xlsx")
            try Self.workbook.write(to: path)
            return try TraindbProcess.run(["xlsx", "dump", path, "--format", "csv"])
        }
        #expect(output.status == 0)
        #expect(output.stdout == """
            # sheet: exercises (visible)
            exercise_id,display_name,complexity_level,secondary_muscles
            push_up,Push-Up,1,"Triceps, Shoulders"
            dip,"Dip ""bar\"\"\",3
            # sheet: notes (hidden)
            ,TRUE,#N/A

            """)
    }

    /// Shared strings are rendered once per dump and copied per cell: what comes out must be
    /// what each cell's own text gives, escapes and quoting included, in every column.
    @Test func sharedStringsComeOutAsEachCellsOwnText() throws {
        let texts = ["# comment-like", "say \"hi\"", "back\\slash", "tab\there", "é, ü and 💪", "line\nbreak", "plain"]
        let writer = WorkbookWriter(sheets: [
            .init(name: "one", rows: [texts.map(CellValue.text), texts.reversed().map(CellValue.text)]),
            .init(name: "two", rows: [[.number(1.5), .text("plain"), nil, .text("# comment-like")]]),
        ])
        let (json, csv) = try TemporaryDirectory.with { directory in
            let path = directory.path("strings.xlsx")
            try writer.write(to: path)
            return (
                try TraindbProcess.run(["xlsx", "dump", path]),
                try TraindbProcess.run(["xlsx", "dump", path, "--format", "csv"])
            )
        }
        #expect(json.status == 0 && csv.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let sheets = try #require(object?["sheets"] as? [[String: Any]])
        #expect(sheets.first?["rows"] as? [[String]] == [texts, texts.reversed()])
        let two = try #require(sheets.last?["rows"] as? [[Any]])
        #expect(
            two.first?.count == 4 && two.first?[1] as? String == "plain" && two.first?[3] as? String == "# comment-like"
        )
        #expect(csv.stdout == """
            # sheet: one (visible)
            "# comment-like","say ""hi\"\"",back\\slash,tab\there,"é, ü and 💪","line
            break",plain
            plain,"line
            break","é, ü and 💪",tab\there,back\\slash,"say ""hi\"\"",# comment-like
            # sheet: two (visible)
            1.5,plain,,# comment-like

            """)
    }

    /// The dump renders on a thread of its own: a sheet that turns out damaged after thousands
    /// of rows still ends the command with the reader's error, naming the cell, and no hang;
    /// the full blocks rendered before it were written.
    @Test(arguments: ["json", "csv"])
    func aSheetDamagedPastManyRowsStopsTheDumpWithItsCell(format: String) throws {
        let rows = (1...30_000).map { [CellValue.number(Double($0)), .text("row \($0 % 7)")] }
        let writer = WorkbookWriter(sheets: [.init(name: "long", rows: rows)])
        let run = try TemporaryDirectory.with { directory in
            let path = directory.path("damaged.xlsx")
            try writer.write(to: path, editing: ["xl/worksheets/sheet1.xml": { xml in
                xml.replacingOccurrences(of: "<v>29999</v>", with: "<v>299x9</v>")
            }])
            return try TraindbProcess.run(["xlsx", "dump", path, "--format", format])
        }
        #expect(run.status == 2)
        #expect(run.stderr.contains("cell A29999 holds \"299x9\", which is not a number"), "\(run.stderr)")
        // What was written is the dump's beginning, cut at a block.
        #expect(run.stdout.hasPrefix(format == "json" ? "{\"sheets\":[" : "# sheet: long"))
        #expect(!run.stdout.contains("29998"))
    }

    @Test func aSheetListedTwiceIsDumpedOnce() throws {
        let output = try TemporaryDirectory.with { directory in
            let path = directory.path("twice.xlsx")
            try Self.workbook.write(to: path, editing: ["xl/workbook.xml": { xml in
                let repeated = "<sheet name=\"exercises\" sheetId=\"9\" r:id=\"rId1\"/>"
                return xml.replacingOccurrences(of: "</sheets>", with: repeated + "</sheets>")
            }])
            return try TraindbProcess.run(["xlsx", "dump", path, "--format", "csv"])
        }
        #expect(output.status == 0)
        #expect(output.stdout.components(separatedBy: "# sheet: exercises").count == 2, "\(output.stdout)")
    }

    @Test func gitDiffShowsTheChangedCell() throws {
        try TemporaryDirectory.with { directory in try gitDiffShowsTheChangedCell(in: directory.url) }
    }

    func gitDiffShowsTheChangedCell(in folder: URL) throws {
        func git(_ arguments: String...) throws -> String {
            let identity = ["-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@t"]
            return try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + identity + arguments).stdout
        }
        _ = try git("init", "-q")
        _ = try git("config", "diff.xlsx.textconv", "\(TraindbProcess.executable.path) xlsx dump --format csv")
        try Data("*.xlsx binary diff=xlsx\n".utf8).write(to: folder.appendingPathComponent(".gitattributes"))
        let path = folder.appendingPathComponent("small.xlsx").path
        try Self.workbook.write(to: path)
        _ = try git("add", ".")
        _ = try git("commit", "-qm", "first")
        var sheets = Self.workbook.sheets
        sheets[0].rows[1][2] = .number(2)
        try WorkbookWriter(sheets: sheets).write(to: path)
        let diff = try git("diff", "--unified=0")
        #expect(
            diff.contains("\n-push_up,Push-Up,1,\"Triceps, Shoulders\"\n+push_up,Push-Up,2,\"Triceps, Shoulders\"\n"),
            "\(diff)")
    }
}
