import EventReplay
import Foundation
import Testing
import TrainingCalendar

/// The one grammar every replay file follows: comments and blank lines skipped, events in time
/// order, and each refusal with its line and a message naming the field and what it expected.
@Suite("the replay grammar")
struct ReplayGrammarTests {
    /// Runs `text` with an event that is just its fields, accepting every event.
    static func refusals(_ text: String) -> [(line: Int, message: String)] {
        let clock = ManualClock(Date(timeIntervalSince1970: 0))
        var refused: [(line: Int, message: String)] = []
        func accept(_ fields: ReplayFields) -> ReplayFields { fields }
        Replayer(clock: clock).run(text, event: accept, apply: { _ in }) { (step: Replayer.Step<Void>) in
            if case .failure(let refusal) = step.outcome {
                #expect(refusal.diagnostic.code == "replay.invalid_event")
                refused.append((step.line, refusal.diagnostic.message))
            }
        }
        return refused
    }

    @Test("comments and blank lines are skipped, and line numbers count them")
    func commentsAndBlanks() {
        let text = """
            # a comment
              # an indented comment

            {"at": "2026-01-05T07:00:00Z", "event": "a"}
            not json
            """
        let refused = Self.refusals(text)
        #expect(refused.map(\.line) == [5])
        #expect(refused.map(\.message) == ["not a JSON object"])
    }

    @Test("an event before the previous one is refused; one at the same moment is not")
    func timeOrder() {
        let text = """
            {"at": "2026-01-05T07:00:00Z", "event": "a"}
            {"at": "2026-01-05T08:00:00+01:00", "event": "b"}
            {"at": "2026-01-05T06:59:59Z", "event": "c"}
            {"at": "2026-01-05T07:30:00Z", "event": "d"}
            """
        let refused = Self.refusals(text)
        #expect(refused.map(\.line) == [3])
        #expect(
            refused.first?.message
                == "at: 2026-01-05T06:59:59Z is before the previous event (2026-01-05T07:00:00Z); "
                + "events must be in time order")
    }

    @Test(
        "each field's type is checked, naming the field and what it expected",
        arguments: [
            (#"{"at": 5, "event": "a"}"#, "at: expected a string, not 5"),
            (#"{"event": "a"}"#, "at: missing"),
            (#"{"at": "2026-01-05T07:00:00Z"}"#, "event: missing"),
            (
                #"{"at": "yesterday", "event": "a"}"#,
                #"at: expected a moment like 2026-01-05T07:00:00Z, not "yesterday""#
            ),
            (#"[1, 2]"#, "not a JSON object but a list"),
        ])
    func envelope(line: String, message: String) {
        #expect(Self.refusals(line).map(\.message) == [message])
    }

    enum Unit: String, CaseIterable { case kg, lbs }

    @Test("typed accessors refuse the wrong type with what they expected")
    func accessors() throws {
        let line = #"""
            {"at": "2026-01-05T07:00:00Z", "event": "set", "reps": 10.5, "weight": "heavy", "done": 1,
             "unit": "stone", "start": "5 Jan", "timeZone": "Mars/Base", "q": [1], "n": 12.0, "name": 3}
            """#.replacingOccurrences(of: "\n", with: "")
        let fields = try ReplayFields(line: line, number: 7)
        func message(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch {
                let refusal = error as? ReplayError
                #expect(refusal?.line == 7)
                return refusal?.message
            }
        }
        #expect(message { _ = try fields.int("reps") } == "reps: expected a whole number, not 10.5")
        #expect(message { _ = try fields.double("weight") } == #"weight: expected a number, not "heavy""#)
        #expect(message { _ = try fields.bool("done") } == "done: expected true or false, not 1")
        #expect(
            message { _ = try fields.value("unit", as: Unit.self) }
                == #"unit: expected one of "kg", "lbs", not "stone""#)
        #expect(message { _ = try fields.date("start") } == #"start: expected a date like 2026-01-05, not "5 Jan""#)
        #expect(
            message { _ = try fields.timeZone("timeZone") }
                == #"timeZone: expected a time zone like Europe/London, not "Mars/Base""#)
        #expect(message { _ = try fields.object("q") } == "q: expected an object, not [1]")
        #expect(message { _ = try fields.string("name") } == "name: expected a string, not 3")
        #expect(
            message { _ = try fields.required(try fields.string("exercise"), "exercise") }
                == "exercise: a set event needs it")
        #expect(try fields.int("n") == 12)
        #expect(try fields.string("absent") == nil)
    }
}
