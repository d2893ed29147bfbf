import Foundation
import GymTrack
import Testing
import TrainingCalendar

/// Both streaks of seed 002 §8 through the store: the days are the user's dates of the moments
/// the sessions started or the sets were tapped.
@Suite("GymTrack streaks")
struct StreakTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var zone = "Europe/London"
        /// The moments of the qualifying events.
        var moments: [String]
        var today: String
        var current: Int
        var longest: Int

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ending today", moments: ["2026-01-03T08:00:00Z", "2026-01-04T08:00:00Z", "2026-01-05T08:00:00Z"],
            today: "2026-01-05T20:00:00Z", current: 3, longest: 3),
        Case(
            name: "ending yesterday", moments: ["2026-01-03T08:00:00Z", "2026-01-04T08:00:00Z"],
            today: "2026-01-05T20:00:00Z", current: 2, longest: 2),
        Case(
            name: "broken by a gap, then one day",
            moments: ["2026-01-01T08:00:00Z", "2026-01-02T08:00:00Z", "2026-01-04T08:00:00Z"],
            today: "2026-01-05T20:00:00Z", current: 1, longest: 2),
        Case(
            name: "a gap of two days resets to 0", moments: ["2026-01-01T08:00:00Z", "2026-01-02T08:00:00Z"],
            today: "2026-01-04T20:00:00Z", current: 0, longest: 2),
        // London's clocks go forward at 01:00 UTC on 29 March 2026: 23:30 local is 23:30 UTC on
        // the 28th and 22:30 UTC on the 29th and 30th.
        Case(
            name: "23:30 each evening across the clocks going forward",
            moments: ["2026-03-28T23:30:00Z", "2026-03-29T22:30:00Z", "2026-03-30T22:30:00Z"],
            today: "2026-03-30T22:45:00Z", current: 3, longest: 3),
        // 00:30 BST on the 30th is 23:30 UTC on the 29th: the 29th has nothing, so the 28th's
        // run ends.
        Case(
            name: "00:30 after the change is the next day, not the day before",
            moments: ["2026-03-28T12:00:00Z", "2026-03-29T23:30:00Z"], today: "2026-03-30T12:00:00Z",
            current: 1, longest: 1),
        // 20:00 in Los Angeles on 31 December is 04:00 UTC on 1 January.
        Case(
            name: "across the new year in Los Angeles", zone: "America/Los_Angeles",
            moments: ["2026-12-31T04:00:00Z", "2027-01-01T04:00:00Z", "2027-01-02T04:00:00Z"],
            today: "2027-01-02T18:00:00Z", current: 3, longest: 3),
        Case(
            name: "across the new year, broken on 1 January",
            moments: ["2026-12-30T09:00:00Z", "2026-12-31T09:00:00Z", "2027-01-02T09:00:00Z"],
            today: "2027-01-02T18:00:00Z", current: 1, longest: 2),
    ]

    @Test("the gym streak counts days with a full session", arguments: cases)
    func gymStreak(_ example: Case) throws {
        let fixture = try GymFixture(at: example.moments[0], timeZone: try #require(TimeZone(identifier: example.zone)))
        for moment in example.moments {
            fixture.at(moment)
            try fixture.gym.start(.c)
            try fixture.gym.finish(confirmingPartial: false, checkingAllFirst: true)
        }
        fixture.at(example.today)
        #expect(try fixture.gym.gymStreak() == Streak(current: example.current, longest: example.longest))
        #expect(try fixture.gym.stats().gymStreak == Streak(current: example.current, longest: example.longest))
    }

    @Test("the challenge streak counts days with all three sets", arguments: cases)
    func challengeStreak(_ example: Case) throws {
        let fixture = try GymFixture(at: example.moments[0], timeZone: try #require(TimeZone(identifier: example.zone)))
        for moment in example.moments {
            fixture.at(moment)
            for _ in 1...3 { try fixture.gym.tapChallenge() }
        }
        fixture.at(example.today)
        let expected = Streak(current: example.current, longest: example.longest)
        #expect(try fixture.gym.challengeCard().streak == expected)
        #expect(try fixture.gym.stats().challenge.streak == expected)
    }

    @Test("partial sessions and days of two sets do not count")
    func partialDaysDoNotCount() throws {
        let fixture = try GymFixture(at: "2026-01-04T08:00:00Z")
        try fixture.session(.a, at: "2026-01-04T08:00:00Z", checking: Array(1...9))
        try fixture.gym.setChallenge(3)
        try fixture.session(.b, at: "2026-01-05T08:00:00Z", checking: [1, 2])
        try fixture.gym.setChallenge(2)
        #expect(try fixture.gym.gymStreak() == Streak(current: 1, longest: 1))
        #expect(try fixture.gym.challengeCard().streak == Streak(current: 1, longest: 1))
        #expect(try fixture.gym.challengeCard().status == .partial)
    }
}

extension GymTrack {
    /// Checks every step of the open workout, then finishes it.
    @discardableResult
    func finish(confirmingPartial: Bool, checkingAllFirst: Bool) throws -> FinishedSession {
        if checkingAllFirst, let open = try currentSession() {
            for step in open.steps { try checkStep(step.number) }
        }
        return try finish(confirmingPartial: confirmingPartial)
    }
}
