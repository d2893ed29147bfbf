import FitnessJournal
import Foundation
import TestSupport
import Testing

@Suite("CSV export")
struct CSVExportTests {
    static let hostileNotes = [
        "plain", "commas, everywhere, ,", "\"quoted\" and \"\"doubled\"\"", "line one\nline two", "crlf\r\ninside",
        "lone\rCR", "\"", ",", "\n.", " leading and trailing ", "=SUM(A1:A9)", "emoji 🏃‍♀️, accents éàü",
        "semi;colon", "end with quote\"", "\"\"\"", "a,\"b\"\r\nc", String(repeating: "x,\"\n", count: 200),
    ]

    @Test("hostile notes come back unchanged through an RFC 4180 parser", arguments: hostileNotes)
    func roundTrip(notes: String) throws {
        let fixture = try JournalFixture()
        try fixture.workout("2026-11-22T09:15:00Z", .cycling, minutes: 45, notes: "before")
        let entry = try fixture.workout("2026-11-23T07:30:00Z", .strength, minutes: 40, intensity: .hard, notes: notes)
        try fixture.workout("2026-11-23T18:00:00Z", .yoga, minutes: 20, intensity: .easy, notes: "after, too")
        let records = try CSVRecords.parse(try fixture.journal.exportWorkoutsCSV())
        #expect(records.count == 4)
        #expect(records.allSatisfy { $0.count == 8 })
        #expect(records[0] == ["id", "date", "time", "type", "duration_minutes", "intensity", "notes", "logged_at"])
        #expect(records[1][6] == "before")
        #expect(
            records[2] == [
                "\(entry.id)", "2026-11-23", "07:30", "strength", "40", "hard", notes, "2026-11-23T07:30:00Z",
            ])
        #expect(records[3][6] == "after, too")
    }

    @Test("a field is quoted only when it must be, with its quotes doubled, whatever characters surround them")
    func fields() {
        #expect(JournalCSV.field("plain, not") == "\"plain, not\"")
        #expect(JournalCSV.field("plain") == "plain")
        #expect(JournalCSV.field("") == "")
        #expect(JournalCSV.field("a \"b\" c") == "\"a \"\"b\"\" c\"")
        #expect(JournalCSV.field("🏃‍♀️\"é\"") == "\"🏃‍♀️\"\"é\"\"\"")
        #expect(JournalCSV.field(" x") == "\" x\"")
        #expect(JournalCSV.field("x ") == "\"x \"")
        #expect(JournalCSV.line(["a", "b,c", "", "d\re"]) == "a,\"b,c\",,\"d\re\"\r\n")
    }

    @Test("an empty journal exports the header alone; times are the user's wall clock")
    func headerAndWallClock() throws {
        let fixture = try JournalFixture()
        let empty = try fixture.journal.exportWorkoutsCSV()
        #expect(empty == "id,date,time,type,duration_minutes,intensity,notes,logged_at\r\n")
        try fixture.workout("2026-06-30T23:10:00Z", notes: nil)  // 00:10 BST on 1 July
        let records = try CSVRecords.parse(try fixture.journal.exportWorkoutsCSV())
        #expect(records[1][1...2] == ["2026-07-01", "00:10"])
        #expect(records[1][6] == "")
        #expect(records[1][7] == "2026-06-30T23:10:00Z")
    }

    @Test("a year of workouts either side of both clock changes: each time is the wall clock's at its moment")
    func wallClockAcrossTransitions() throws {
        let fixture = try JournalFixture(at: "2025-01-01T00:00:00Z")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = JournalFixture.london
        // Every 13 h 7 min for a year, then the minutes around 01:00 UTC on both change days.
        var moments = stride(from: 1_735_689_600.0, to: 1_767_225_600, by: 47_220)
            .map(Date.init(timeIntervalSince1970:))
        for change in [1_743_296_400.0, 1_761_440_400] {  // 2025-03-30 and 2025-10-26, 01:00 UTC
            moments += stride(from: change - 120, through: change + 120, by: 60).map(Date.init(timeIntervalSince1970:))
        }
        moments.sort()
        for moment in moments {
            fixture.clock.set(moment)
            try fixture.journal.logWorkout(NewWorkout(type: .yoga, durationMinutes: 10, intensity: .easy))
        }
        let records = try CSVRecords.parse(try fixture.journal.exportWorkoutsCSV()).dropFirst()
        #expect(records.count == moments.count)
        for (record, moment) in zip(records, moments) {
            let parts = calendar.dateComponents([.hour, .minute], from: moment)
            let expected = String(format: "%02d:%02d", parts.hour ?? -1, parts.minute ?? -1)
            #expect(record[2] == expected, "\(record[7])")
        }
    }

    @Test("check-ins export the same way")
    func checkIns() throws {
        let fixture = try JournalFixture()
        try fixture.checkIn("2026-11-23T07:45:00Z", .notGreat, energy: 3, notes: "slept badly,\n\"again\"")
        let records = try CSVRecords.parse(try fixture.journal.exportCheckInsCSV())
        #expect(records.count == 2)
        #expect(records[1][1...6] == ["2026-11-23", "07:45", "not_great", "3", "good", "slept badly,\n\"again\""])
    }
}
