import Foundation
import Testing
import UserStore

/// The ids every store gives its rows: UUIDs a server and PostgreSQL's `uuid` take, unique, and
/// in the order of the days their rows were made.
struct RowIDTests {
    static func moment(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test("an id is a lowercase UUID of version 8 and RFC 9562's variant, its first digits its day")
    func shape() throws {
        let moment = try Self.moment("2026-11-17T23:59:59Z")
        for source in [RandomRowIDs(), SeededRowIDs(seed: 9)] as [any RowIDSource] {
            for _ in 0..<200 {
                let id = source.next(at: moment)
                let uuid = try #require(UUID(uuidString: id), "\(id)")
                #expect(uuid.uuidString.lowercased() == id)
                let bytes = Array(id.utf8)
                #expect(bytes[14] == UInt8(ascii: "8"), "the version: \(id)")
                #expect("89ab".utf8.contains(bytes[19]), "the variant: \(id)")
                #expect(id.hasPrefix("5126"), "2026-11-17 is day 0x5126: \(id)")
                #expect(RowID.day(ofID: id) == 0x5126)
            }
        }
    }

    @Test("ids made on a later day sort after every id made before, whatever their random bits")
    func orderedByDay() throws {
        let start = try Self.moment("2021-03-01T06:00:00Z")
        let source = RandomRowIDs()
        var previous: [String] = []
        for day in 0..<60 {
            let moment = start.addingTimeInterval(Double(day) * 86_400 + Double(day % 7) * 3_600)
            let ids = (0..<40).map { _ in source.next(at: moment) }
            #expect(Set(ids).count == ids.count, "an id came twice on day \(day)")
            if let latest = previous.max(), let earliest = ids.min() {
                #expect(latest < earliest, "day \(day): \(earliest) sorts before \(latest)")
            }
            #expect(Set(ids.map { $0.prefix(4) }).count == 1, "one day, one prefix")
            // The eight digits a list shows still differ within a day.
            #expect(Set(ids.map { $0.prefix(RowIDPrefix.shownLength) }).count >= 39)
            previous = ids
        }
    }

    @Test("the day is UTC's, counted from 1970-01-01, and a moment outside 16 bits' days keeps to their ends")
    func days() throws {
        #expect(RowID.day(of: try Self.moment("1970-01-01T00:00:00Z")) == 0)
        #expect(RowID.day(of: try Self.moment("1969-12-31T23:59:59Z")) == 0)
        #expect(RowID.day(of: try Self.moment("2026-11-17T00:00:00Z")) == 0x5126)
        #expect(RowID.day(of: try Self.moment("2026-11-16T23:59:59Z")) == 0x5125)
        #expect(RowID.day(of: try Self.moment("2149-06-06T12:00:00Z")) == 0xFFFF)
        #expect(RowID.day(of: try Self.moment("2200-01-01T00:00:00Z")) == 0xFFFF)
        #expect(RowID.day(of: .distantFuture) == 0xFFFF && RowID.day(of: .distantPast) == 0)
        #expect(RowID.day(ofID: "3f2a9c1e-0000-4000-8000-000000000001") == nil, "a version-4 id has no day")
        #expect(RowID.day(ofID: "5126") == nil)
    }

    @Test("a seeded source gives the same ids for the same moments, another seed others")
    func seeded() throws {
        let moments = try ["2026-01-05T18:00:00Z", "2026-01-05T18:01:00Z", "2026-01-07T09:00:00Z"].map(Self.moment)
        let first = SeededRowIDs(seed: 4)
        let again = SeededRowIDs(seed: 4)
        let other = SeededRowIDs(seed: 5)
        let ids = moments.map { first.next(at: $0) }
        #expect(ids == moments.map { again.next(at: $0) })
        #expect(Set(ids + moments.map { other.next(at: $0) }).count == 6)
        #expect(ids[0] < ids[2] && ids[1] < ids[2])
    }

    @Test("the random bits fill every digit but the version's, within the day's rows")
    func randomBitsUsed() {
        let all = (high: UInt64.max, low: UInt64.max)
        let none = (high: UInt64(0), low: UInt64(0))
        #expect(RowID.make(day: 0xABCD, random: all) == "abcdffff-ffff-8fff-bfff-ffffffffffff")
        #expect(RowID.make(day: 0xABCD, random: none) == "abcd0000-0000-8000-8000-000000000000")
        #expect(RowID.make(day: 0, random: (0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210))
            == "00004567-89ab-8def-bedc-ba9876543210")
    }
}
