import Foundation
import TestSupport
import Testing

/// Every command that cannot run says so in one shape, `traindb: error[code]: message`, one line
/// per problem, and exits 2; a usage error is the argument parser's message, also exit 2.
@Suite("traindb's error lines")
struct ErrorLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stderr: String
        /// The whole of standard error when true, its start otherwise (the rest is the system's words).
        var exact = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases = [
        Case(
            arguments: ["diff", "/nonexistent/old.sqlite", "/nonexistent/new.sqlite"],
            stderr: "traindb: error[database.missing]: no catalogue database at /nonexistent/old.sqlite; "
                + "build it with `make db`\n"),
        Case(
            arguments: ["query", "exercises", "--db", "/nonexistent/exercises.sqlite"],
            stderr: "traindb: error[database.missing]: no catalogue database at /nonexistent/exercises.sqlite; "
                + "build it with `make db`\n"),
        Case(
            arguments: ["xlsx", "sheets", "/nonexistent/book.xlsx"],
            stderr: "traindb: error[file.not_found]: /nonexistent/book.xlsx: no such file\n"),
        Case(
            arguments: ["xlsx", "dump", "database-management/train_exercise_database_prod.xlsx", "--sheet", "nope"],
            stderr: "traindb: error[sheet.missing]: database-management/train_exercise_database_prod.xlsx: "
                + "no sheet named \"nope\"", exact: false),
        Case(
            arguments: ["build", "--output", "/dev/null/exercises.sqlite"],
            stderr: "traindb: error[write.file_system]: /dev/null/exercises.sqlite: cannot create the directory",
            exact: false),
        Case(
            arguments: ["query", "exercises", "--format", "csv"],
            stderr: "traindb: error[usage]: --format must be table or json, not csv\nUsage: traindb query exercises",
            exact: false),
        Case(
            arguments: ["query", "exercises", "--muscle", "pecs", "--db", "DB"],
            stderr: "traindb: error[query.unknown_muscle]: unknown muscle \"pecs\"; the catalogue has: abs, back, "
                + "biceps, calves, chest, forearms, glutes, hamstrings, obliques, quads, shoulders, triceps\n"),
        Case(
            arguments: [
                "query", "exercises", "--equipment", "Kettlebel", "--equipment", "Barbells:Smith", "--db", "DB",
            ],
            stderr: "traindb: error[query.unknown_equipment]: unknown equipment category \"Kettlebel\"; the catalogue "
                + "has: barbells, dumbbells, kettlebells, cable_machines, pin_loaded_machines, plate_loaded_machines, "
                + "bodyweight, cardio_machines\n"
                + "traindb: error[query.unknown_equipment]: unknown item \"Smith\" under \"Barbells\"; its items are: ",
            exact: false),
    ]

    @Test("exit 2 and one line per problem", arguments: cases)
    func errorLine(_ example: Case) throws {
        let database = try CommittedCatalogue.databasePath()
        let run = try TraindbProcess.run(example.arguments.map { $0 == "DB" ? database : $0 })
        #expect(run.status == 2)
        #expect(run.stdout == "")
        if example.exact {
            #expect(run.stderr == example.stderr)
        } else {
            #expect(run.stderr.hasPrefix(example.stderr), "\(run.stderr)")
        }
        #expect(!run.stderr.contains("error: error["), "a message is never prefixed twice")
    }
}
