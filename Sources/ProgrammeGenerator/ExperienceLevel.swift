/// How confident the user feels in the gym (`000_*` §3.4, `003_*` Task 6). The raw values are
/// what the questionnaire stores; `title` is what the app shows.
public enum ExperienceLevel: String, CaseIterable, Codable, Hashable, Sendable {
    case justStartingOut = "0_months"
    case findingMyFeet = "0_6_months"
    case gettingComfortable = "6_months_2_years"
    case confidentAndConsistent = "2_plus_years"

    /// The confidence level the app shows for this answer.
    public var title: String {
        switch self {
        case .justStartingOut: "Just Starting Out"
        case .findingMyFeet: "Finding My Feet"
        case .gettingComfortable: "Getting Comfortable"
        case .confidentAndConsistent: "Confident & Consistent"
        }
    }

    /// The highest catalogue complexity (1-4) the generator may pick.
    public var complexityCeiling: Int {
        switch self {
        case .justStartingOut, .findingMyFeet: 2
        case .gettingComfortable: 3
        case .confidentAndConsistent: 4
        }
    }

    /// The complexity the generator looks for first; failing that, the closest level at or
    /// under the ceiling.
    public var preferredComplexity: Int {
        switch self {
        case .justStartingOut: 1
        case .findingMyFeet: 2
        case .gettingComfortable: 3
        case .confidentAndConsistent: 4
        }
    }

    /// Working sets per exercise before any priority set (business rules §3).
    public func sets(isIsolation: Bool) -> Int {
        switch (self, isIsolation) {
        case (.justStartingOut, _): 3
        case (.findingMyFeet, false): 4
        case (.findingMyFeet, true): 3
        case (.gettingComfortable, _): 4
        case (.confidentAndConsistent, false): 5
        case (.confidentAndConsistent, true): 4
        }
    }
}
