import Foundation
import TestSupport
import Testing

/// What a script sees when traindb's output cannot be written or its input cannot be read: exit
/// 2 and one line naming what failed, never exit 0 with the output lost.
@Suite("traindb when standard output or input fails", .serialized)
struct OutputFaultTests {
    static let questionnaire = """
        {"primaryGoal": "build_muscle", "targetMuscleGroups": ["glutes"], "experienceLevel": "0_6_months",
         "equipmentAvailable": ["dumbbells"], "injuries": [], "trainingDaysPerWeek": 3,
         "sessionDuration": "45-60 min"}
        """

    /// Every command that writes to standard output, as CI would run it.
    static func commands() throws -> [[String]] {
        let db = try CommittedCatalogue.databasePath()
        let workbook = PackageRoot.workbooks.appendingPathComponent("train_exercise_database_prod.xlsx").path
        return [
            ["check"],
            ["check", "--format", "json"],
            ["report", "coverage"],
            ["query", "exercises", "--db", db],
            ["query", "swaps", "barbell_bench_press", "--db", db],
            ["equipment", "--db", db],
            ["joints", "--db", db, "--format", "json"],
            ["schema"],
            ["diff", db, db],
            ["generate", "--questionnaire", "-", "--db", db, "--created", "2026-01-05"],
            ["swap", "barbell_bench_press", "--questionnaire", "-", "--db", db],
            ["xlsx", "sheets", workbook],
            ["xlsx", "dump", workbook],
            ["xlsx", "dump", workbook, "--format", "csv"],
            ["--help"],
        ]
    }

    @Test func aFullDiskOnStandardOutputExitsTwoNamingIt() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in try Self.commands() {
            let run = try TraindbProcess.run(arguments, input: Self.questionnaire, outputFile: full)
            let label = arguments.joined(separator: " ")
            #expect(run.status == 2, "\(label)")
            #expect(
                run.stderr == "traindb: error[output.failed]: cannot write to standard output: "
                    + "No space left on device; the output is incomplete\n", "\(label)")
        }
    }

    @Test func dataErrorsOnAFullDiskExitTwoNotOne() throws {
        try TemporaryDirectory.with { directory in
            let press = CatalogToolsCommandTests.exercise("db_press", "Dumbbell Press")
            let fly = CatalogToolsCommandTests.exercise("db_fly", "Dumbbell Fly")
            let old = try CatalogToolsCommandTests.database([press, fly], in: directory.url, named: "old.sqlite")
            let new = try CatalogToolsCommandTests.database([press], in: directory.url, named: "new.sqlite")
            #expect(try TraindbProcess.run(["diff", old, new]).status == 1, "a removed id is a data error")
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let run = try TraindbProcess.run(["diff", old, new], outputFile: full)
            #expect(run.status == 2, "the report of the error was lost")
            #expect(run.stderr.hasPrefix("traindb: error[output.failed]: "))
        }
    }

    @Test(arguments: [
        ["generate", "--questionnaire", "-"],
        ["swap", "barbell_bench_press", "--questionnaire", "-"],
    ])
    func aDirectoryOnStandardInputIsAnErrorNotACrash(_ arguments: [String]) throws {
        let db = try CommittedCatalogue.databasePath()
        let directory = try #require(FileHandle(forReadingAtPath: NSTemporaryDirectory()))
        let run = try TraindbProcess.run(arguments + ["--db", db], inputFile: directory)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "traindb: error[file.unreadable]: cannot read the questionnaire from standard input: "
                + "Is a directory\n")
    }
}
