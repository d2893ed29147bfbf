import Foundation
import GymTrack
import Testing
import TrainingCalendar

/// Start, check steps and finish, as the Exercise Screen does them.
@Suite("GymTrack sessions")
struct SessionFlowTests {
    @Test("an empty store offers A; after A today it offers B, after B today C")
    func rotationThroughTheStore() throws {
        let fixture = try GymFixture()
        #expect(try fixture.gym.next().next == .a)
        #expect(try fixture.gym.next().lastSession == nil)
        try fixture.session(.a, at: "2026-01-05T07:00:00Z", checking: Array(1...9))
        let afterA = try fixture.gym.next()
        #expect(afterA.next == .b)
        #expect(afterA.name == "Day B — Cardio + Core")
        #expect(afterA.lastSession == SessionSummary(type: .a, date: GymFixture.date("2026-01-05"), isPartial: false))
        try fixture.session(.b, at: "2026-01-05T18:00:00Z", checking: Array(1...7))
        #expect(try fixture.gym.next().next == .c)
    }

    @Test("the user may start any type; a partial session still moves the rotation on")
    func anyTypeAndPartial() throws {
        let fixture = try GymFixture()
        try fixture.session(.c, at: "2026-01-05T07:00:00Z", checking: [1])
        #expect(try fixture.gym.next().next == .a)
    }

    @Test("checking the challenge step adds one set to today's counter, once")
    func challengeStep() throws {
        let fixture = try GymFixture()
        try fixture.gym.tapChallenge()
        try fixture.gym.start(.b)
        let checked = try fixture.gym.checkStep(2)
        #expect(checked.challengeSets == 2)
        #expect(checked.steps[1].isDailyChallenge && checked.steps[1].checked)
        #expect(try fixture.gym.checkStep(2).challengeSets == 2)
        #expect(try fixture.gym.challengeCard().sets == 2)
    }

    @Test("the challenge step never takes the counter above 3")
    func challengeStepClamps() throws {
        let fixture = try GymFixture()
        try fixture.gym.setChallenge(3)
        try fixture.gym.start(.a)
        #expect(try fixture.gym.checkStep(2).challengeSets == 3)
    }

    @Test("fewer than half checked: finishing asks first, and the session is logged partial only on Yes")
    func partialNeedsConfirmation() throws {
        let fixture = try GymFixture()
        try fixture.gym.start(.a)
        for step in 1...4 { try fixture.gym.checkStep(step) }
        #expect(try fixture.gym.currentSession()?.finishingIsPartial == true)
        fixture.clock.advance(by: 1800)
        do {
            try fixture.gym.finish()
            Issue.record("finishing 4 of 9 steps did not ask")
        } catch {
            #expect(error.code == "gymtrack.partial_unconfirmed")
            #expect(error.message == "only 4 of 9 steps are checked: log as partial session? (finish --partial)")
        }
        // "No": the workout stays open and can go on.
        let open = try #require(try fixture.gym.currentSession())
        #expect(open.checkedSteps == 4)
        try fixture.gym.checkStep(5)
        let finished = try fixture.gym.finish()
        #expect(!finished.isPartial)
        #expect(finished.checkedSteps == 5 && finished.totalSteps == 9)
        #expect(finished.durationSeconds == 1800)
        #expect(finished.gymStreak.current == 1)
        #expect(try fixture.gym.currentSession() == nil)
    }

    @Test("a partial session is logged, with its duration, and does not count for the streak")
    func partialSession() throws {
        let fixture = try GymFixture()
        let finished = try fixture.session(.b, at: "2026-01-05T07:00:00Z", checking: [1, 2, 3])
        #expect(finished.isPartial)
        #expect(finished.durationSeconds == 2400)
        #expect(finished.date == GymFixture.date("2026-01-05"))
        #expect(finished.startedAt == "2026-01-05T07:00:00Z")
        #expect(finished.gymStreak.current == 0)
        #expect(try fixture.gym.quickStats().sessionsThisWeek == 1)
    }

    @Test("one workout at a time; steps outside the routine and finishing nothing are refused")
    func refusals() throws {
        let fixture = try GymFixture()
        #expect(throws: GymTrackError.self) { try fixture.gym.checkStep(1) }
        #expect(throws: GymTrackError.self) { try fixture.gym.finish() }
        try fixture.gym.start(.c)
        do {
            try fixture.gym.start(.a)
            Issue.record("a second workout started")
        } catch {
            #expect(error.code == "gymtrack.session_open")
        }
        for step in [0, 8, -1] {
            do {
                try fixture.gym.checkStep(step)
                Issue.record("step \(step) was checked")
            } catch {
                #expect(error.code == "gymtrack.unknown_step")
                #expect(error.message == "step must be 1 to 7 for Day C, not \(step)")
            }
        }
    }

    @Test("a session's date is the user's date where it started: 23:30 in Los Angeles is the same day")
    func dateInTheUsersTimeZone() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let fixture = try GymFixture(at: "2026-01-06T07:30:00Z", timeZone: losAngeles)
        try fixture.gym.start(.a)
        fixture.clock.advance(by: 3600)
        let finished = try fixture.gym.finish(confirmingPartial: true)
        #expect(finished.date == GymFixture.date("2026-01-05"))
        #expect(try fixture.gym.next().today == GymFixture.date("2026-01-06"))
    }
}
