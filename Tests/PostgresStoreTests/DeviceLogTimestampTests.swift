import Foundation
import Testing

@testable import PostgresStore

@Suite("the moments a sync writes on the device")
struct DeviceLogTimestampTests {
    @Test(
        "written as the log writes moments, in UTC, to the millisecond below",
        arguments: [
            (1_767_636_000.123_9, "2026-01-05T18:00:00.123Z"),
            (1_767_636_000, "2026-01-05T18:00:00.000Z"),
            (951_782_400.5, "2000-02-29T00:00:00.500Z"),
            (0, "1970-01-01T00:00:00.000Z"),
            (-0.25, "1969-12-31T23:59:59.750Z"),
        ] as [(Double, String)])
    func timestamp(seconds: Double, expected: String) {
        #expect(DeviceLog.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("the same text as an ISO 8601 formatter with fractional seconds, over many moments")
    func sameAsTheFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // Whole eighths of a second, exact in binary, so that neither rounds.
        var moment = 1_700_000_000_000 as Int64
        for _ in 0..<200 {
            moment += 86_400_000 * 3 + 3_723_375
            let date = Date(timeIntervalSince1970: Double(moment) / 1000)
            #expect(DeviceLog.timestamp(date) == formatter.string(from: date))
        }
    }
}
