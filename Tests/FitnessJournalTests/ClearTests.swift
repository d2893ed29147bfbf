import FitnessJournal
import Testing

@Suite("clear all data")
struct ClearTests {
    @Test("clearing without confirmation deletes nothing")
    func needsConfirmation() throws {
        let fixture = try JournalFixture()
        try fixture.workout("2026-11-23T08:00:00Z")
        try fixture.checkIn("2026-11-23T08:05:00Z", .good)
        let error = try #require(throws: JournalError.self) { try fixture.journal.clearAllData(confirmed: false) }
        #expect(error.code == "journal.confirmation_required")
        #expect(try fixture.journal.allWorkouts().count == 1)
        #expect(try fixture.journal.lastCheckIn() != nil)
    }

    @Test("confirmed, it deletes every workout and check-in and keeps the settings")
    func confirmed() throws {
        let fixture = try JournalFixture()
        try fixture.workout("2026-11-22T08:00:00Z")
        try fixture.workout("2026-11-23T08:00:00Z")
        try fixture.checkIn("2026-11-23T08:05:00Z", .great)
        let settings = try fixture.journal.settings()
        #expect(try fixture.journal.clearAllData(confirmed: true) == ClearedData(workouts: 2, checkIns: 1))
        #expect(try fixture.journal.allWorkouts().isEmpty)
        #expect(try fixture.journal.lastCheckIn() == nil)
        #expect(try fixture.journal.settings() == settings)
        #expect(try fixture.journal.progress(.all).totalWorkouts == 0)
    }

    @Test("deleting a workout removes it alone; an unknown id is refused")
    func delete() throws {
        let fixture = try JournalFixture()
        let first = try fixture.workout("2026-11-23T08:00:00Z", .running)
        let second = try fixture.workout("2026-11-23T09:00:00Z", .yoga)
        #expect(try fixture.journal.deleteWorkout(id: first.id) == first)
        #expect(try fixture.journal.workouts() == [second])
        let error = try #require(throws: JournalError.self) { try fixture.journal.deleteWorkout(id: first.id) }
        #expect(error.code == "journal.unknown_workout")
    }
}
