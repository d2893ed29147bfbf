import FitnessJournal
import Foundation
import Testing

/// Bad input is refused with a message that names the field, and nothing is saved.
@Suite("validation")
struct ValidationTests {
    @Test(
        "a workout's duration must be more than 0 minutes (and at most a day)",
        arguments: [(0, false), (-5, false), (1, true), (90, true), (1440, true), (1441, false)])
    func duration(minutes: Int, accepted: Bool) throws {
        let fixture = try JournalFixture()
        let workout = NewWorkout(type: .yoga, durationMinutes: minutes, intensity: .easy)
        if accepted {
            #expect(try fixture.journal.logWorkout(workout).durationMinutes == minutes)
        } else {
            let error = try #require(throws: JournalError.self) { try fixture.journal.logWorkout(workout) }
            #expect(error.code == "journal.invalid_field")
            #expect(error.field == "duration")
            #expect(error.message.hasPrefix("duration: "))
            #expect(error.message.contains("\(minutes)"))
        }
        #expect(try fixture.journal.allWorkouts().count == (accepted ? 1 : 0))
    }

    @Test("energy runs 1-10", arguments: [(0, false), (1, true), (10, true), (11, false), (-3, false)])
    func energy(level: Int, accepted: Bool) throws {
        let fixture = try JournalFixture()
        let checkIn = NewCheckIn(mood: .good, energyLevel: level, sleepQuality: .fair)
        if accepted {
            #expect(try fixture.journal.checkIn(checkIn).energyLevel == level)
        } else {
            let error = try #require(throws: JournalError.self) { try fixture.journal.checkIn(checkIn) }
            #expect(error.field == "energy")
            #expect(error.message == "energy: must be 1-10, not \(level)")
            #expect(try fixture.journal.lastCheckIn() == nil)
        }
    }

    @Test(
        "a reminder time is HH:mm on a 24-hour clock",
        arguments: [
            ("07:30", "07:30"), ("00:00", "00:00"), ("23:59", "23:59"), ("25:61", nil), ("24:00", nil),
            ("12:60", nil), ("7:30", nil), ("07:30:00", nil), ("", nil), ("ab:cd", nil), ("-1:30", nil),
            ("０７:３０", nil), ("07h30", nil),
        ] as [(String, String?)])
    func reminderTime(text: String, parsed: String?) throws {
        if let parsed {
            #expect(try ReminderTime(parsing: text).description == parsed)
        } else {
            let error = try #require(throws: JournalError.self) { try ReminderTime(parsing: text) }
            #expect(error.field == "reminder time")
            #expect(error.message.hasPrefix("reminder time: "))
        }
    }

    @Test("settings out of range name their field and leave the saved settings as they were")
    func settings() throws {
        let fixture = try JournalFixture()
        let saved = try fixture.journal.settings()
        let cases: [(JournalSettings, String)] = [
            (JournalSettings(weeklyGoal: 0, timeZone: JournalFixture.london), "weekly goal"),
            (JournalSettings(weeklyGoal: 22, timeZone: JournalFixture.london), "weekly goal"),
            (JournalSettings(displayName: String(repeating: "x", count: 51), timeZone: .gmt), "display name"),
        ]
        for (settings, field) in cases {
            let error = try #require(throws: JournalError.self) { try fixture.journal.updateSettings(settings) }
            #expect(error.field == field)
            #expect(error.message.hasPrefix("\(field): "))
        }
        #expect(try fixture.journal.settings() == saved)
    }

    @Test("notes longer than 1000 characters are refused, naming the notes")
    func longNotes() throws {
        let fixture = try JournalFixture()
        let notes = String(repeating: "é", count: 1001)
        let error = try #require(throws: JournalError.self) {
            try fixture.journal.logWorkout(NewWorkout(type: .other, durationMinutes: 5, intensity: .hard, notes: notes))
        }
        #expect(error.field == "notes")
    }

    @Test("blank notes are stored as none")
    func blankNotes() throws {
        let fixture = try JournalFixture()
        let entry = try fixture.workout("2026-11-23T08:00:00Z", notes: "  \n ")
        #expect(entry.notes == nil)
    }
}
