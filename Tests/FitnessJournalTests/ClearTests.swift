import FitnessJournal
import Foundation
import Testing
import UserStore

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

    /// Ids given in turn, for tests that need two ids sharing their first characters.
    final class ListedIDs: RowIDSource, @unchecked Sendable {
        private var ids: [String]
        init(_ ids: [String]) { self.ids = ids }
        func next(at moment: Date) -> String { ids.removeFirst() }
    }

    @Test("a workout is named by its id's first characters as the lists show them; too few are refused")
    func deleteByPrefix() throws {
        let ids = ListedIDs([
            "3f2a9c1e-0000-4000-8000-000000000001", "3f2a9c1e-0000-4000-8000-000000000002",
            "7b44a549-669c-4a04-9082-8ba7fbe2be58",
        ])
        let fixture = try JournalFixture(ids: ids)
        let first = try fixture.workout("2026-11-23T08:00:00Z", .running)
        let second = try fixture.workout("2026-11-23T09:00:00Z", .yoga)
        let third = try fixture.workout("2026-11-23T10:00:00Z", .cycling)
        #expect(third.text(in: .gmt).hasPrefix("#7b44a549 10:00 Cycling"))

        let ambiguous = try #require(throws: JournalError.self) { try fixture.journal.deleteWorkout(id: "#3f2a9c1e") }
        #expect(ambiguous.message == "#3f2a9c1e starts the ids of several workouts: give more of it")
        for typed in ["7b4", "", "#", "7b44a549*", "7b44_549", "7B44A549-669C-4A04-9082-8BA7FBE2BE58-0"] {
            let error = try #require(throws: JournalError.self, "\(typed)") {
                try fixture.journal.deleteWorkout(id: typed)
            }
            #expect(error.code == "journal.invalid_field" && error.message.hasPrefix("id: must be an id as the list"))
        }
        #expect(try fixture.journal.allWorkouts() == [first, second, third], "a refusal deleted a workout")

        #expect(try fixture.journal.deleteWorkout(id: "#7B44") == third)
        #expect(try fixture.journal.deleteWorkout(id: "3f2a9c1e-0000-4000-8000-000000000002") == second)
        #expect(try fixture.journal.allWorkouts() == [first])
    }
}
