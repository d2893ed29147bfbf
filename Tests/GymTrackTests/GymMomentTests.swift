import Foundation
import GRDB
import GymTrack
import TestSupport
import Testing
import TrainingCalendar

/// GymTrack's moments are real moments, as every store's: taken to the millisecond, stored as
/// `Timestamp` text, and a stored one that is not a moment is an error rather than "now".
@Suite("GymTrack moments")
struct GymMomentTests {
    @Test("a session's start is stored to the millisecond, as every store's moments are")
    func millisecondMoments() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(try #require(Timestamp.parse("2026-01-05T07:00:00.250Z")))
            let gym = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            try gym.start(.a)
            clock.set(try #require(Timestamp.parse("2026-01-05T07:30:00.750Z")))
            let finished = try gym.finish(confirmingPartial: true)
            #expect(finished.startedAt == "2026-01-05T07:00:00Z")
            #expect(finished.durationSeconds == 1800)
            let queue = try DatabaseQueue(path: path)
            let stored = try queue.read { db in try String.fetchAll(db, sql: "SELECT started_at FROM sessions") }
            #expect(stored == ["2026-01-05T07:00:00.250Z"])
        }
    }

    @Test("a stored start that is not a moment is an error, and the open workout is kept")
    func unreadableMoment() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(GymFixture.moment("2026-01-05T07:00:00Z"))
            try GymTrack(path: path, clock: clock, timeZone: GymFixture.london).start(.b)
            // Passes the table's CHECK (digits, a T, a Z) but names no moment: there is no 30 February.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "UPDATE open_session SET started_at = '2026-02-30T07:00:00Z'")
            }
            try queue.close()
            clock.set(GymFixture.moment("2026-01-05T08:00:00Z"))
            let gym = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            let error = #expect(throws: GymTrackError.self) { try gym.finish(confirmingPartial: true) }
            #expect(error?.code == "gymtrack.unreadable")
            #expect(error?.message.contains(path) == true)
            let reopened = try DatabaseQueue(path: path)
            #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sessions") } == 0)
            #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM open_session") } == 1)
        }
    }

    /// Passes the tables' CHECK (four digits, a month and day of two) but names no day.
    static let damagedDate = "2026-19-39"

    @Test("an open session's stored date that is not a date is an error, never today")
    func unreadableOpenDate() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(GymFixture.moment("2026-01-05T07:00:00Z"))
            try GymTrack(path: path, clock: clock, timeZone: GymFixture.london).start(.a)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "UPDATE open_session SET date = ?", arguments: [Self.damagedDate])
            }
            try queue.close()
            let gym = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            let error = #expect(throws: GymTrackError.self) { try gym.currentSession() }
            #expect(error?.code == "gymtrack.unreadable")
            #expect(error?.message.contains(Self.damagedDate) == true)
        }
    }

    @Test("a finished session's stored date that is not a date is an error, never left out")
    func unreadableSessionDate() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("gymtrack.sqlite")
            let clock = ManualClock(GymFixture.moment("2026-01-05T07:00:00Z"))
            let first = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            try first.start(.a)
            clock.set(GymFixture.moment("2026-01-05T08:00:00Z"))
            try first.finish(confirmingPartial: true)
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "UPDATE sessions SET date = ?", arguments: [Self.damagedDate]) }
            try queue.close()
            let gym = try GymTrack(path: path, clock: clock, timeZone: GymFixture.london)
            for call in [{ _ = try gym.next() }, { _ = try gym.stats() }] as [() throws -> Void] {
                let error = #expect(throws: GymTrackError.self) { try call() }
                #expect(error?.code == "gymtrack.unreadable")
                #expect(error?.message.contains(Self.damagedDate) == true)
            }
        }
    }
}
