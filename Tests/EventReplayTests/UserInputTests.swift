import EventReplay
import Foundation
import Testing
import TrainingCalendar
import UserInput

/// The one rule of what a user types, as a table: what it takes, what it refuses and what the
/// refusal shows.
struct UserInputTests {
    @Test(arguments: [
        ("62.5", 62.5), ("0", 0), ("-3", -3), ("+4", 4), ("500.001", 500.001), ("007", 7),
    ])
    func decimalsTaken(_ text: String, _ value: Double) {
        #expect(UserInput.decimal(text) == value)
    }

    @Test(arguments: ["2e1", "1E3", "0x10", "nan", "inf", ".5", "5.", "", "-", "1.2.3", "1 000", "٣"])
    func decimalsRefused(_ text: String) {
        #expect(UserInput.decimal(text) == nil, "\(text)")
    }

    @Test(arguments: [(500.001, "500.001"), (62.5, "62.5"), (-3, "-3"), (0.0005, "0.0005"), (100, "100")])
    func shownAsGiven(_ value: Double, _ text: String) {
        #expect(UserInput.shown(value) == text)
    }

    @Test func controlCharacters() {
        #expect(UserInput.controlProblem(in: "wide\ngrip\r\n") == nil)
        #expect(
            UserInput.controlProblem(in: "wide\tgrip") == "control character U+0009 is not allowed (line breaks are)")
        #expect(
            UserInput.controlProblem(in: "A\u{1}na", allowingLineBreaks: false)
                == "control character U+0001 is not allowed")
        #expect(UserInput.controlProblem(in: "A\nna", allowingLineBreaks: false) != nil)
    }

    @Test func dates() throws {
        #expect(UserInput.dateProblem(try #require(CalendarDate("2000-01-01")), field: "start date") == nil)
        #expect(UserInput.dateProblem(try #require(CalendarDate("2099-12-31")), field: "start date") == nil)
        #expect(
            UserInput.dateProblem(try #require(CalendarDate("2100-01-01")), field: "start date")
                == "start date: 2100-01-01 is outside 2000-01-01 to 2099-12-31")
        #expect(UserInput.dateProblem(try #require(CalendarDate("1999-12-31")), field: "start date") != nil)
    }

    @Test(arguments: [
        (
            #"{"at": "2026-01-05T07:00:00Z", "event": "set", "weight": 2e1}"#,
            "weight: expected a decimal number such as 62.5, not 2e1"
        ),
        (
            #"{"at": "2026-01-05T07:00:00Z", "event": "set", "sets": [1, 1E0]}"#,
            "sets: expected a decimal number such as 62.5, not 1E0"
        ),
    ])
    func replayExponentsRefused(_ line: String, _ message: String) {
        let error = #expect(throws: ReplayError.self) { _ = try ReplayFields(line: line, number: 3) }
        #expect(error?.message == message)
    }

    @Test func replayDecimalsAndStringsWithDigitsTaken() throws {
        let fields = try ReplayFields(
            line: #"{"at": "2026-01-05T07:00:00Z", "event": "set", "weight": -62.5, "note": "2e1 \" 1e1", "reps": 10}"#,
            number: 1)
        #expect(try fields.double("weight") == -62.5)
        #expect(try fields.string("note") == "2e1 \" 1e1")
        #expect(try fields.int("reps") == 10)
    }
}
