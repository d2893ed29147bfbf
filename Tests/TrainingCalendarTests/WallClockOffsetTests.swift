import Foundation
import Testing
import TrainingCalendar

@Suite("wall clock offsets kept between transitions")
struct WallClockOffsetTests {
    /// Zones whose offset moves with summer time, by half an hour, by a whole day (Apia skipped
    /// 2011-12-30), or without summer time at all (Caracas went to -04:30 in 2007 and back in
    /// 2016, Moscow to +04:00 in 2011 and +03:00 in 2014, Pyongyang to +08:30 in 2015 and back in
    /// 2018): a kept offset that missed one of those changes would date rows wrongly for years.
    static let zones = [
        "Europe/London", "America/Los_Angeles", "Australia/Lord_Howe", "Pacific/Apia", "America/Caracas",
        "Europe/Moscow", "Asia/Pyongyang", "Asia/Kolkata", "America/Sao_Paulo", "UTC",
    ]

    @Test("moments in order, 2000 to 2100, give TimeZone's own offset and date", arguments: zones)
    func inOrder(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var offsets = WallClockOffset(zone)
        // An odd step (2 h 43 min 7 s) lands on every hour and minute of the day over the years.
        var instant = 946_684_800.0
        while instant < 4_102_444_800 {
            let moment = Date(timeIntervalSince1970: instant)
            #expect(offsets.seconds(at: moment) == zone.secondsFromGMT(for: moment), "\(identifier) at \(moment)")
            #expect(offsets.date(at: moment) == CalendarDate(moment, in: zone), "\(identifier) at \(moment)")
            instant += 9_787
        }
    }

    @Test("a second either side of each transition, and moments out of order", arguments: zones)
    func transitions(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var offsets = WallClockOffset(zone)
        var moments: [Date] = []
        var next = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 946_684_800))
        while let transition = next, transition.timeIntervalSince1970 < 2_524_608_000 {
            moments += [-1, -0.001, 0, 0.001, 1].map { transition.addingTimeInterval($0) }
            next = zone.nextDaylightSavingTimeTransition(after: transition)
        }
        // In order, then jumping about (every 7th, wrapping round), then backwards.
        let jumping = moments.indices.map { moments[$0 * 7 % moments.count] }
        for moment in moments + jumping + moments.reversed() {
            #expect(offsets.seconds(at: moment) == zone.secondsFromGMT(for: moment), "\(identifier) at \(moment)")
        }
    }
}
