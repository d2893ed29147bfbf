import Foundation
import ProgrammeGenerator

/// Makes the ids of the rows a user owns: UUID strings made by the app, never by the database,
/// so that a row keeps its id when a server stores it and a sync can match it.
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
