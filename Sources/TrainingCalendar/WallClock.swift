import Foundation

/// Where a library learns the time. Libraries never read the system clock themselves: they take
/// a clock, so the same events at the same moments always give the same results.
///
/// An app and the command line hand over a ``SystemClock``; tests and replays a ``ManualClock``
/// set to each event's moment.
public protocol WallClock: Sendable {
    /// The current moment.
    func now() -> Date
}

/// The machine's clock.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Date { Date() }
}

/// A clock that shows the moment it was last set to: tests, replays, and a command run "as of"
/// a given moment.
public final class ManualClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var moment: Date

    public init(_ moment: Date) {
        self.moment = moment
    }

    public func now() -> Date {
        lock.withLock { moment }
    }

    /// Sets the clock to `moment` (earlier or later than it shows).
    public func set(_ moment: Date) {
        lock.withLock { self.moment = moment }
    }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { moment = moment.addingTimeInterval(seconds) }
    }
}
