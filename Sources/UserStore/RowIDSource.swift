import Foundation

/// Makes the ids of the rows a user owns, in every store: lowercase UUID strings made by the app,
/// never by the database, so that a row keeps its id when a server stores it and a sync can
/// match it. The one id type of TrainDB's stores.
public protocol RowIDSource: Sendable {
    /// A new id, never returned before by this source.
    func next() -> String
}

/// Random version-4 UUIDs: what an app and the command line use.
public struct RandomRowIDs: RowIDSource {
    public init() {}

    public func next() -> String {
        UUID().uuidString.lowercased()
    }
}

/// Version-4-shaped UUIDs drawn from a seeded generator: the same seed gives the same ids in the
/// same order, so tests and replays give the same bytes.
public final class SeededRowIDs: RowIDSource, @unchecked Sendable {
    private let lock = NSLock()
    private var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public func next() -> String {
        let (high, low) = lock.withLock { (generator.next(), generator.next()) }
        let version = (high & ~0xF000) | 0x4000
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = Self.hex(version) + Self.hex(variant)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }.joined(separator: "-")
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
