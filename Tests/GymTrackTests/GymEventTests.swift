import GymTrack
import Testing

/// A replay file's lines: each bad one is refused with a message naming the field.
@Suite("GymTrack replay events")
struct GymEventTests {
    @Test(
        "a bad line is refused, naming the field",
        arguments: [
            ("not json", "not a JSON object"),
            (#"{"event": "tap"}"#, "at: missing"),
            (
                #"{"at": "2026-01-05T25:61:00Z", "event": "tap"}"#,
                #"at: expected a moment like 2026-01-05T07:00:00Z, not "2026-01-05T25:61:00Z""#
            ),
            (
                #"{"at": "2026-01-05T07:00:00Z", "event": "start", "type": "D"}"#,
                #"type: expected "A", "B" or "C", not "D""#
            ),
            (#"{"at": "2026-01-05T07:00:00Z", "event": "step"}"#, "step: a step event needs it"),
            (
                #"{"at": "2026-01-05T07:00:00Z", "event": "step", "step": "two"}"#,
                #"step: expected a whole number, not "two""#
            ),
            (#"{"at": "2026-01-05T07:00:00Z", "event": "set", "sets": 1.5}"#, "sets: expected a whole number, not 1.5"),
            (#"{"at": "2026-01-05T07:00:00Z", "event": "set"}"#, "sets: a set event needs it"),
            (
                #"{"at": "2026-01-05T07:00:00Z", "event": "jump"}"#,
                #"event: "jump" is not an event; events: start, step, finish, tap, set, next, stats"#
            ),
        ])
    func refused(line: String, message: String) {
        do {
            _ = try GymEvent(line: line)
            Issue.record("\(line) was read")
        } catch {
            #expect(error.code == "replay.invalid_event")
            #expect(error.message == message)
        }
    }

    @Test("a good line is read with its action")
    func read() throws {
        let finish = try GymEvent(line: #"{"at": "2026-01-05T07:40:00Z", "event": "finish", "partial": true}"#)
        #expect(finish.action == .finish(confirmingPartial: true))
        #expect(
            try GymEvent(line: #"{"at": "2026-01-05T07:00:00Z", "event": "start", "type": "b"}"#).action == .start(.b))
        #expect(
            try GymEvent(line: #"{"at": "2026-01-05T07:00:00+01:00", "event": "set", "sets": 2}"#).action == .set(2))
    }
}
