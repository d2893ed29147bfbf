/// How an exercise went against its prescription (business rules §8).
public enum PromptOutcome: String, Codable, CaseIterable, Hashable, Sendable {
    /// Every prescribed set completed at the top of the range or above, at one load.
    case exceeded
    /// Every prescribed set completed within the range or above.
    case met
    /// A prescribed set missing, or below the range.
    case below

    /// The feedback modal's title.
    public var title: String {
        switch self {
        case .exceeded: "Great Work!"
        case .met: "Good Session"
        case .below: "Keep Pushing"
        }
    }
}
