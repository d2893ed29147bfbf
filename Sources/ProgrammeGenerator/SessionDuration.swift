/// How long the user can train per session (`000_*` §3.8): sets the number of exercises and the
/// time the estimate must stay within.
public enum SessionDuration: String, CaseIterable, Codable, Hashable, Sendable {
    case short = "30-45 min"
    case medium = "45-60 min"
    case long = "60-90 min"

    /// How many exercises a session holds (business rules §3).
    public var exerciseCount: ClosedRange<Int> {
        switch self {
        case .short: 4...5
        case .medium: 5...6
        case .long: 7...8
        }
    }

    /// The minutes a session's estimate must stay within.
    public var minutes: ClosedRange<Int> {
        switch self {
        case .short: 30...45
        case .medium: 45...60
        case .long: 60...90
        }
    }

    /// The most seconds a session's estimate may add up to: the estimate is shown in whole
    /// minutes, rounded to the nearest (`estimatedMinutes`), and must not exceed the upper bound.
    public var maximumSeconds: Int {
        minutes.upperBound * 60 + 29
    }
}
