import Foundation
import Testing
import TrainingCalendar

@Suite("moments as text")
struct TimestampTests {
    @Test("a moment is written to the millisecond or to the second, in UTC, zero-padded")
    func writing() {
        let moment = Date(timeIntervalSince1970: 1_767_596_400.25)  // 2026-01-05T07:00:00.250Z
        #expect(Timestamp.text(moment) == "2026-01-05T07:00:00.250Z")
        #expect(Timestamp.secondsText(moment) == "2026-01-05T07:00:00Z")
        let early = Date(timeIntervalSince1970: 946_684_800 + 3_661.007)
        #expect(Timestamp.text(early) == "2000-01-01T01:01:01.007Z")
        #expect(Timestamp.secondsText(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test("what is written reads back as the same moment, to the millisecond")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Double.random(in: 946_684_800..<4_102_444_800, using: &generator)
            let moment = Timestamp.rounded(Date(timeIntervalSince1970: seconds))
            let read = try #require(Timestamp.parse(Timestamp.text(moment)))
            #expect(abs(read.timeIntervalSince(moment)) < 0.000_5)
            #expect(Timestamp.parse(Timestamp.secondsText(moment)) != nil)
        }
    }

    @Test(
        "offsets and fractions are read; anything else is not a moment",
        arguments: [
            ("2026-01-05T07:00:00Z", 1_767_596_400.0), ("2026-01-05T08:30:00+01:30", 1_767_596_400.0),
            ("2026-01-05T02:00:00-05:00", 1_767_596_400.0), ("2026-01-05T07:00:00.5Z", 1_767_596_400.5),
            ("2026-01-05T07:00:00.000Z", 1_767_596_400.0),
        ])
    func reading(text: String, seconds: Double) throws {
        let moment = try #require(Timestamp.parse(text))
        #expect(abs(moment.timeIntervalSince1970 - seconds) < 0.000_1)
    }

    @Test(
        "damaged moments are nil",
        arguments: [
            "", "2026-01-05", "2026-01-05 07:00:00Z", "2026-01-05T07:00:00", "2026-01-05T07:00:00Z ",
            "2026-01-05T07:00:00.Z", "2026-01-05T24:00:00Z", "2026-01-05T07:60:00Z", "2026-02-30T07:00:00Z",
            "2026-01-05T07:00:00+1:00", "2026-01-05T07:00:00+01:60", "2026-01-05T07:00:00ZZ",
            "２０２６-01-05T07:00:00Z",
            "2026-01-05T07:00:0xZ", "2026/01/05T07:00:00Z",
        ])
    func damaged(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }
}
