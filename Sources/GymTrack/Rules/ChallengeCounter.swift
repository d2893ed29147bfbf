/// The daily challenge's counter (seed 002 §3.4): 30 squats and 30 push-ups a day, done as 3
/// sets of 10.
public enum ChallengeCounter {
    /// The sets of a complete day.
    public static let setsPerDay = 3

    /// A tap logs one more set, up to 3; a tap on a complete day changes nothing.
    public static func tap(_ sets: Int) -> Int {
        min(max(sets, 0) + 1, setsPerDay)
    }

    /// A correction (long press) sets the counter to 0, 1, 2 or 3; anything else is refused.
    public static func corrected(to sets: Int) throws(GymTrackError) -> Int {
        guard (0...setsPerDay).contains(sets) else {
            throw GymTrackError(.invalidValue, "sets must be 0, 1, 2 or 3, not \(sets)")
        }
        return sets
    }

    /// Empty, partial or complete.
    public static func status(_ sets: Int) -> ChallengeStatus {
        switch sets {
        case ...0: .empty
        case setsPerDay...: .complete
        default: .partial
        }
    }
}

/// Today's status on the challenge card.
public enum ChallengeStatus: String, Codable, Hashable, Sendable {
    case empty
    case partial
    case complete
}
