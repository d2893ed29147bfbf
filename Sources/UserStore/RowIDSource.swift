import Foundation

/// Makes the ids of the rows a user owns, in every store: lowercase UUID strings made by the app,
/// never by the database, so that a row keeps its id when a server stores it and a sync can
/// match it. The one id type of TrainDB's stores.
///
/// An id starts with the day it was made (`RowID.make(day:random:)`), so that the ids of a
/// user's new rows sort after those of their older ones: on a server holding years of every
/// user's history, a workout's new rows go into the same few pages of each index keyed by id,
/// not into a page of their own each scattered over the user's history.
public protocol RowIDSource: Sendable {
    /// A new id for a row made at `moment`, never returned before by this source.
    func next(at moment: Date) -> String
}

/// The shape of TrainDB's row ids: a UUID of RFC 9562's version 8 (a layout of the maker's own)
/// whose first 16 bits are the UTC day the row was made, counted from 1970-01-01 (the first four
/// hexadecimal digits: `5126` is 2026-11-17), and whose other 106 bits, version and variant
/// aside, are random.
///
/// The day is all the id tells of when the row was made (a row's own dates say more). Rows of
/// one day share the first four digits, so the eight a list shows keep four random ones; a day
/// after 2149 is written as the last day that fits, and its rows are still unique.
public enum RowID {
    /// The UTC day of `moment`, counted from 1970-01-01, within the 16 bits an id gives it.
    public static func day(of moment: Date) -> UInt16 {
        let days = (moment.timeIntervalSince1970 / 86_400).rounded(.down)
        guard days.isFinite else { return days > 0 ? .max : 0 }
        return UInt16(max(min(days, Double(UInt16.max)), 0))
    }

    /// The id of a row made on `day` from the random bits `random` (128 bits, high then low; the
    /// bits an id does not use for its day, version and variant are taken from them).
    public static func make(day: UInt16, random: (high: UInt64, low: UInt64)) -> String {
        let high = UInt64(day) << 48 | random.high & 0x0000_FFFF_FFFF_0FFF | 0x8000
        let low = random.low & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        var text = [UInt8]()
        text.reserveCapacity(36)
        for position in 0..<32 {
            if [8, 12, 16, 20].contains(position) { text.append(UInt8(ascii: "-")) }
            let value = position < 16 ? high : low
            let digit = UInt8(value >> UInt64(60 - 4 * (position % 16)) & 0xF)
            text.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The day `id` was made on, when it is one of TrainDB's ids (version 8); nil for any other
    /// text, such as a random version-4 UUID of a row made before ids started with their day.
    public static func day(ofID id: String) -> UInt16? {
        let bytes = Array(id.utf8)
        guard bytes.count == 36, bytes[14] == UInt8(ascii: "8"), let day = UInt16(id.prefix(4), radix: 16)
        else { return nil }
        return day
    }
}

/// Ids whose random bits come from the system's generator: what an app and the command line use.
public struct RandomRowIDs: RowIDSource {
    public init() {}

    public func next(at moment: Date) -> String {
        var generator = SystemRandomNumberGenerator()
        return RowID.make(day: RowID.day(of: moment), random: (generator.next(), generator.next()))
    }
}

/// Ids whose random bits come from a seeded generator: the same seed and the same moments give
/// the same ids in the same order, so tests and replays give the same bytes.
public final class SeededRowIDs: RowIDSource, @unchecked Sendable {
    private let lock = NSLock()
    private var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public func next(at moment: Date) -> String {
        let random = lock.withLock { (generator.next(), generator.next()) }
        return RowID.make(day: RowID.day(of: moment), random: random)
    }
}

/// How a person names a row: its whole id or its first characters (at least `minimumLength`),
/// as lists show them (`#3f2a9c1e`, the first `shownLength`), with or without the `#`, in any
/// case. Only hexadecimal digits and dashes: a prefix is never a pattern.
public struct RowIDPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The characters lists show of an id.
    public static let shownLength = 8
    public static let minimumLength = 4

    /// The prefix, lowercase, without the `#`.
    public let text: String

    /// Nil unless `typed` is 4 to 36 hexadecimal digits and dashes, after an optional `#`.
    public init?(_ typed: String) {
        let text = (typed.hasPrefix("#") ? String(typed.dropFirst()) : typed).lowercased()
        guard (Self.minimumLength...36).contains(text.utf8.count),
            text.utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        self.text = text
    }

    /// What a refusal says a prefix must be.
    public static let expected = "an id as the list shows it, such as #3f2a9c1e (at least 4 characters)"

    /// A GLOB pattern matching the ids that start with the prefix.
    public var pattern: String {
        text + "*"
    }

    public var description: String {
        text
    }
}
