import Foundation
import TestSupport
import Testing

/// What a user types, refused the same way by the command line and the replays (business rules
/// §6, §12): each refusal says what was given and what is allowed.
@Suite("one rule for what users type")
struct UserInputCommandTests {
    static let questionnaire =
        #"{"primaryGoal":"build_muscle","targetMuscleGroups":["back"],"#
        + #""experienceLevel":"6_months_2_years","equipmentAvailable":["barbells","dumbbells","bodyweight"],"#
        + #""detailedEquipment":{"barbells":["squat_rack","flat_bench"]},"injuries":[],"trainingDaysPerWeek":3,"#
        + #""sessionDuration":"45-60 min"}"#

    /// A log replay that starts a Push workout, then `lines`.
    static func logReplay(_ lines: [String]) -> String {
        ([
            #"{"at":"2026-03-01T19:00:00Z","event":"settings","unit":"kg","timeZone":"Europe/London"}"#,
            #"{"at":"2026-03-01T20:00:00Z","event":"programme","questionnaire":"# + questionnaire
                + #","start":"2026-03-02","seed":1}"#,
            #"{"at":"2026-03-02T18:00:00Z","event":"start","session":"Push"}"#,
        ] + lines).joined(separator: "\n") + "\n"
    }

    static func replay(_ command: [String], _ text: String) throws -> Subprocess.Output {
        try TemporaryDirectory.with { directory in
            let path = directory.path("events.jsonl")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let catalogue = command[0] == "log" ? ["--db", try CommittedCatalogue.databasePath()] : []
            return try TraindbProcess.run(command + [path] + catalogue)
        }
    }

    @Test(
        "a replay refuses a number written with an exponent, as the command line does",
        arguments: [
            (#""reps":9,"weight":2e1"#, "line 4: weight: expected a decimal number such as 62.5, not 2e1"),
            (#""reps":1e1,"weight":40"#, "line 4: reps: expected a decimal number such as 62.5, not 1e1"),
        ])
    func exponents(_ members: String, _ expected: String) throws {
        let run = try Self.replay(
            ["log", "replay"],
            Self.logReplay([
                #"{"at":"2026-03-02T18:01:00Z","event":"set","exercise":"barbell_bench_press","# + members + "}"
            ]))
        #expect(run.status == 1)
        #expect((run.stdout + run.stderr).contains(expected), "\(run.stdout)\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("Set 1"), "the set was logged")
    }

    @Test("a replay's set of an id the catalogue lacks says so; a weight just over 500 kg shows as given")
    func setRefusals() throws {
        let run = try Self.replay(
            ["log", "replay"],
            Self.logReplay([
                #"{"at":"2026-03-02T18:01:00Z","event":"set","exercise":"no_such_lift","reps":9,"weight":40}"#,
                #"{"at":"2026-03-02T18:02:00Z","event":"set","exercise":"barbell_bench_press","reps":9,"#
                    + #""weight":500.001}"#,
            ]))
        let said = run.stdout + run.stderr
        #expect(
            said.contains(#"the catalogue has no exercise "no_such_lift" (traindb query exercises lists them)"#),
            "\(said)")
        #expect(!said.contains("workout has no exercise"))
        #expect(said.contains("weight 500.001 kg is outside 0 to 500 kg"), "\(said)")
    }

    @Test("notes with a tab are refused by the log; the journal refuses U+0001 in notes and in the name")
    func controlCharacters() throws {
        let log = try Self.replay(
            ["log", "replay"],
            Self.logReplay([
                #"{"at":"2026-03-02T18:01:00Z","event":"set","exercise":"barbell_bench_press","reps":9,"weight":40}"#,
                #"{"at":"2026-03-02T18:02:00Z","event":"submit","exercise":"barbell_bench_press","#
                    + #""notes":"grip\twide"}"#,
            ]))
        #expect(
            (log.stdout + log.stderr).contains("notes: control character U+0009 is not allowed (line breaks are)"),
            "\(log.stdout)\(log.stderr)")
        try TemporaryDirectory.with { directory in
            let store = ["--store", directory.path("journal.sqlite")]
            let notes = try TraindbProcess.run(
                ["journal", "log", "--type", "yoga", "--minutes", "5", "--notes", "calm\u{1}"] + store)
            #expect(notes.status == 2)
            #expect(
                notes.stderr.contains("notes: control character U+0001 is not allowed (line breaks are)"),
                "\(notes.stderr)")
            let name = try TraindbProcess.run(["journal", "settings", "--name", "A\u{1}na"] + store)
            #expect(name.status == 2)
            #expect(name.stderr.contains("display name: control character U+0001 is not allowed"), "\(name.stderr)")
            let newline = try TraindbProcess.run(["journal", "settings", "--name", "A\nna"] + store)
            #expect(newline.status == 2, "a name is one line")
        }
    }

    @Test(
        "a programme's start date is refused outside 2000-01-01 to 2099-12-31",
        arguments: ["9999-12-31", "0001-01-01", "1999-12-31"])
    func programmeStart(_ start: String) throws {
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(
                [
                    "log", "programme", "start", "--questionnaire", "-", "--start", start, "--store",
                    directory.path("log.sqlite"), "--db", try CommittedCatalogue.databasePath(),
                    "--now", "2026-03-01T20:00:00Z",
                ],
                input: Self.questionnaire)
            #expect(run.status == 2)
            #expect(run.stderr.contains("start date: \(start) is outside 2000-01-01 to 2099-12-31"), "\(run.stderr)")
        }
    }

    @Test("a GymTrack step or finish before the workout started is refused")
    func gymTrackOrder() throws {
        try TemporaryDirectory.with { directory in
            let store = ["--store", directory.path("gym.sqlite"), "--time-zone", "UTC"]
            #expect(
                try TraindbProcess.run(["gymtrack", "start", "A", "--now", "2026-01-05T18:00:00Z"] + store).status == 0)
            for command in [["gymtrack", "step", "1"], ["gymtrack", "finish", "--partial"]] {
                let run = try TraindbProcess.run(command + ["--now", "2026-01-05T17:00:00Z"] + store)
                #expect(run.status == 2, "\(command)")
                #expect(
                    run.stderr.contains(
                        "the moment 2026-01-05T17:00:00Z is before the workout started, at 2026-01-05T18:00:00Z"),
                    "\(run.stderr)")
            }
            let stats = try TraindbProcess.run(["gymtrack", "stats", "--now", "2026-01-05T19:00:00Z"] + store)
            #expect(stats.status == 0)
            #expect(!stats.stdout.contains("1 workout"), "nothing was finished: \(stats.stdout)")
        }
    }

    @Test(
        "the week and the streak refuse a moment past 2100, as the writes do",
        arguments: [["week"], ["streak"], ["gymtrack", "stats"], ["journal", "today"]])
    func readsOutOfRange(_ command: [String]) throws {
        try TemporaryDirectory.with { directory in
            let catalogue =
                ["week", "streak"].contains(command[0]) ? ["--db", try CommittedCatalogue.databasePath()] : []
            let run = try TraindbProcess.run(
                command + ["--store", directory.path("store.sqlite"), "--now", "2101-01-01T00:00:00Z"] + catalogue)
            #expect(run.status == 2)
            #expect(
                run.stderr == "traindb: error[moment.out_of_range]: --now: the moment 2101-01-01T00:00:00Z is outside "
                    + "2000-01-01T00:00:00Z to 2100-01-01T00:00:00Z\n", "\(run.stderr)")
        }
    }

    @Test(
        "a negative number is refused by its range, not as a missing value",
        arguments: [
            (["profile", "set", "--weight-kg", "-5"], "-5"),
            (["profile", "set", "--height-cm", "-170"], "-170"),
        ])
    func negativeNumbers(_ command: [String], _ expected: String) throws {
        try TemporaryDirectory.with { directory in
            let run = try TraindbProcess.run(
                command + ["--store", directory.path("log.sqlite"), "--db", try CommittedCatalogue.databasePath()])
            #expect(run.status == 2)
            #expect(!run.stderr.contains("Missing value"), "\(run.stderr)")
            #expect(run.stderr.contains(expected), "\(run.stderr)")
        }
    }
}
