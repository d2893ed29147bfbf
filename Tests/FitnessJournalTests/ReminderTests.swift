import FitnessJournal
import Foundation
import Testing

@Suite("daily reminder")
struct ReminderTests {
    @Test(
        "the next reminder is today's when it is still ahead, else tomorrow's, on the user's wall clock",
        arguments: [
            ("07:30", "2026-11-23T06:00:00Z", "2026-11-23T07:30:00Z"),
            ("07:30", "2026-11-23T07:30:00Z", "2026-11-24T07:30:00Z"),
            ("07:30", "2026-11-23T07:29:59Z", "2026-11-23T07:30:00Z"),
            ("07:30", "2026-11-23T21:00:00Z", "2026-11-24T07:30:00Z"),
            ("00:00", "2026-12-31T23:59:00Z", "2027-01-01T00:00:00Z"),
            ("19:00", "2026-07-01T17:30:00Z", "2026-07-01T18:00:00Z"),  // 19:00 BST
            ("19:00", "2026-07-01T18:30:00Z", "2026-07-02T18:00:00Z"),
            // Spring forward: 01:30 never shows on 2026-03-29; the reminder goes at 02:00 BST.
            ("01:30", "2026-03-28T12:00:00Z", "2026-03-29T01:00:00Z"),
            ("01:30", "2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"),
            // Fall back: 01:30 shows twice on 2026-10-25; the first (BST) one.
            ("01:30", "2026-10-24T12:00:00Z", "2026-10-25T00:30:00Z"),
            ("01:30", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"),
        ])
    func next(time: String, now: String, expected: String) throws {
        var settings = JournalSettings(reminderEnabled: true, timeZone: JournalFixture.london)
        settings.reminderTime = try ReminderTime(parsing: time)
        #expect(settings.nextReminder(after: try JournalFixture.moment(now)) == (try JournalFixture.moment(expected)))
    }

    @Test("no reminder while it is off; saving settings turns it on")
    func toggle() throws {
        let fixture = try JournalFixture(at: "2026-11-23T08:00:00Z")
        #expect(try fixture.journal.nextReminder() == nil)
        var settings = try fixture.journal.settings()
        settings.reminderEnabled = true
        settings.reminderTime = try ReminderTime(parsing: "21:15")
        try fixture.journal.updateSettings(settings)
        #expect(try fixture.journal.settings() == settings)
        #expect(try fixture.journal.nextReminder() == (try JournalFixture.moment("2026-11-23T21:15:00Z")))
        #expect(try fixture.journal.today().nextReminder == (try JournalFixture.moment("2026-11-23T21:15:00Z")))
    }
}
