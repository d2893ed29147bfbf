import Foundation
import TestSupport
import Testing

/// `traindb log replay`, `gymtrack replay` and `journal replay` read one grammar: the same
/// file's comments, blank lines, out-of-order event and unreadable lines are treated the same
/// way by all three, each refusal with its line and the code `replay.invalid_event`.
@Suite("the three replays' one grammar")
struct ReplayCommandGrammarTests {
    /// A file whose events are `event` (one each store accepts with no other field).
    static func events(_ event: String) -> String {
        """
        # the grammar every replay shares
        {"at": "2026-01-05T07:00:00Z", "event": "\(event)"}

        {"at": "2026-01-05T06:00:00Z", "event": "\(event)"}
        not json
        {"at": 5, "event": "\(event)"}
          # an indented comment
        {"at": "2026-01-05T08:00:00Z", "event": "\(event)", "unused": true}

        """
    }

    static let refusals = [
        (4, "at: 2026-01-05T06:00:00Z is before the previous event (2026-01-05T07:00:00Z); "
            + "events must be in time order"),
        (5, "not a JSON object"),
        (6, "at: expected a string, not 5"),
    ]

    @Test(
        "comments, blank lines, time order and unreadable lines, the same in every store",
        arguments: [
            (["log", "replay"], "streak"), (["gymtrack", "replay"], "next"), (["journal", "replay"], "settings"),
        ])
    func oneGrammar(command: [String], event: String) throws {
        let catalogue = try CommittedCatalogue.databasePath()
        try TemporaryDirectory.with { directory in
            let path = directory.path("events.jsonl")
            try Data(Self.events(event).utf8).write(to: URL(fileURLWithPath: path))
            let run = try TraindbProcess.run(command + [path] + (command[0] == "log" ? ["--db", catalogue] : []))
            #expect(run.status == 1)
            // One command: each refusal in its place on standard output, the same line in every store.
            #expect(run.stderr == "")
            let said = run.stdout
            var previous = said.startIndex
            for (line, message) in Self.refusals {
                let expected = "error[replay.invalid_event]: line \(line): \(message)\n"
                let found = said.range(of: expected, range: previous..<said.endIndex)
                #expect(found != nil, "\(command[0]): \(expected)\n\(said)")
                previous = found?.upperBound ?? previous
            }
            #expect(!said.contains("line 1:") && !said.contains("line 3:") && !said.contains("line 7:"))
        }
    }

    @Test("a field of the wrong type names the field and what it expected, in every store")
    func typeErrors() throws {
        let catalogue = try CommittedCatalogue.databasePath()
        let cases: [([String], String, String)] = [
            (["log", "replay"], #""event": "set", "exercise": "x", "reps": 10.5, "weight": 60"#,
             "reps: expected a whole number, not 10.5"),
            (["gymtrack", "replay"], #""event": "set", "sets": "two""#, #"sets: expected a whole number, not "two""#),
            (["journal", "replay"], #""event": "workout", "type": "yoga", "minutes": 20.5"#,
             "minutes: expected a whole number, not 20.5"),
            (["log", "replay"], #""event": "settings", "timeZone": "Mars/Base""#,
             #"timeZone: expected a time zone like Europe/London, not "Mars/Base""#),
            (["gymtrack", "replay"], #""event": "finish", "partial": "yes""#,
             #"partial: expected true or false, not "yes""#),
            (["journal", "replay"], #""event": "settings", "timeZone": "Mars/Base""#,
             #"timeZone: expected a time zone like Europe/London, not "Mars/Base""#),
        ]
        try TemporaryDirectory.with { directory in
            for (command, fields, message) in cases {
                let path = directory.path("events.jsonl")
                try Data(#"{"at": "2026-01-05T07:00:00Z", \#(fields)}"#.utf8).write(to: URL(fileURLWithPath: path))
                let run = try TraindbProcess.run(command + [path] + (command[0] == "log" ? ["--db", catalogue] : []))
                #expect(run.status == 1)
                #expect((run.stdout + run.stderr).contains("replay.invalid_event"), "\(command[0])")
                #expect((run.stdout + run.stderr).contains(message), "\(command[0]): \(run.stdout + run.stderr)")
            }
        }
    }
}
