import Foundation
import TestSupport
import Testing

/// The mistakes a newcomer makes get a message that points at the fix: the mistyped word named
/// with the command it was meant to be, the catalogue's default place and `--db`, the folder
/// `--workbooks` wants.
@Suite("usage messages")
struct UsageMessageTests {
    @Test("a mistyped command is named, with the command it nearly is", arguments: [
        (["chek"], "traindb: error[usage]: 'chek' is not a traindb command; did you mean 'check'?"),
            (
                ["log", "sett", "--store", "x"],
                "traindb: error[usage]: 'sett' is not a traindb log command; did you mean 'settings'?"
            ),
            (
                ["query", "exercise"],
                "traindb: error[usage]: 'exercise' is not a traindb query command; did you mean 'exercises'?"
            ),
        (["jurnal", "today"], "traindb: error[usage]: 'jurnal' is not a traindb command; did you mean 'journal'?"),
    ])
    func mistypedCommand(arguments: [String], firstLine: String) throws {
        let output = try TraindbProcess.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.split(separator: "\n").first.map(String.init) == firstLine)
        #expect(output.stdout.isEmpty)
    }

    @Test("a word far from every command lists the commands there are")
    func unknownCommand() throws {
        let output = try TraindbProcess.run(["xlsx", "zzz"])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "traindb: error[usage]: 'zzz' is not a traindb xlsx command; the commands are sheets, dump"))
    }

    @Test("a wrong option of a right command keeps the parser's message")
    func wrongOption() throws {
        let output = try TraindbProcess.run(["check", "--nope"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("traindb: error[usage]: Unknown option '--nope'"))
    }

    @Test("--version is the root's: it prints the version, and no subcommand's help lists it")
    func version() throws {
        let root = try TraindbProcess.run(["--version"])
        #expect(root.status == 0)
        #expect(root.stdout.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+\n/) != nil)
        #expect(try TraindbProcess.run(["--help"]).stdout.contains("--version"))
        for command in [["check"], ["log", "set"], ["journal"], ["sync"]] {
            let help = try TraindbProcess.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(!help.stdout.contains("--version"), "\(command) --help lists --version")
        }
    }

    @Test("run away from the repository's root, a command says where it looked and names --db")
    func databaseElsewhere() throws {
        try TemporaryDirectory.with { directory in
            let output = try TraindbProcess.run(["query", "exercises"], in: directory.url)
            #expect(output.status == 2)
            #expect(output.stderr.contains("error[database.missing]"))
            #expect(output.stderr.contains("(looked for from \(directory.url.resolvingSymlinksInPath().path))")
                || output.stderr.contains("(looked for from \(directory.url.path))"))
            #expect(output.stderr.contains("--db FILE"))
        }
    }

    @Test("a workbook given to --workbooks is answered with its folder")
    func workbookForFolder() throws {
        let output = try TraindbProcess.run(
            ["check", "--workbooks", "database-management/train_exercise_database_prod.xlsx"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix(
            "traindb: error[usage]: --workbooks takes the folder holding both workbooks, and "
                + "database-management/train_exercise_database_prod.xlsx is a file; give its folder: "
                + "--workbooks database-management"))
    }
}
