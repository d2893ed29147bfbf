import Foundation

/// The rest timer (business rules §11, `003_*` Task 7): completing a set starts it at the
/// exercise's rest; completing another restarts it; it ends at zero or when dismissed. A pure
/// function of the last completion, the dismissal and the clock.
public struct RestTimer: Codable, Hashable, Sendable {
    /// When the set that started it was completed.
    public let startedAt: String
    public let durationSeconds: Int
    /// Whole seconds left, rounded up: never 0 while the timer shows.
    public let remainingSeconds: Int

    /// The timer at `now`, or nil when no set was completed, it was dismissed after the last
    /// completion, or it has run out.
    public init?(lastCompletion: Date?, restSeconds: Int, dismissedAt: Date?, now: Date) {
        guard let lastCompletion, restSeconds > 0 else { return nil }
        if let dismissedAt, dismissedAt >= lastCompletion { return nil }
        let elapsed = max(0, now.timeIntervalSince(lastCompletion))
        let remaining = Int((Double(restSeconds) - elapsed).rounded(.up))
        guard remaining > 0 else { return nil }
        startedAt = Timestamp.text(lastCompletion)
        durationSeconds = restSeconds
        remainingSeconds = remaining
    }

    /// `1:30`.
    public var shown: String {
        Self.clock(remainingSeconds)
    }

    /// `M:SS`, or `H:MM:SS` from an hour.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
