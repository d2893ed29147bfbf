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

    /// The complexity the generator prefers among equally ranked candidates (business rules §3:
    /// 1, 2, 3, 3): a tie-breaker after the selection tier, not a target. An advanced lifter's
    /// staples are the level-3 barbell lifts; level-4 moves stay available under the ceiling.
    public var preferredComplexity: Int {
        switch self {
        case .justStartingOut: 1
        case .findingMyFeet: 2
        case .gettingComfortable, .confidentAndConsistent: 3
        }
    }

    /// Whether specialist moves (tier 3) may be prescribed: from Getting Comfortable up, and
    /// only for strength work (business rules §3).
    var takesSpecialistMoves: Bool {
        self == .gettingComfortable || self == .confidentAndConsistent
    }

    /// Whether eccentric-only (negative) variations may be prescribed: not to a Just Starting
    /// Out user (business rules §3), who learns the full movement first.
    var takesEccentricOnly: Bool {
        self != .justStartingOut
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
