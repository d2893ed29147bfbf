/// How the week is divided (business rules §2, `000_*` §4.5). The raw values are the
/// programme JSON's `type`.
public enum SplitType: String, CaseIterable, Codable, Hashable, Sendable {
    case fullBody
    case upperLower
    case pushPullLegs
    case hybrid
    case pushPullLegsTwice

    /// The split for a number of training days (2-6) and a session length; nil for a day
    /// count outside 2-6.
    public static func forTraining(daysPerWeek: Int, duration: SessionDuration) -> SplitType? {
        switch daysPerWeek {
        case 2: duration == .short ? .upperLower : .fullBody
        case 3: .pushPullLegs
        case 4: .upperLower
        case 5: .hybrid
        case 6: .pushPullLegsTwice
        default: nil
        }
    }

    /// The split's name as people say it.
    public var title: String {
        switch self {
        case .fullBody: "Full Body"
        case .upperLower: "Upper/Lower"
        case .pushPullLegs: "Push/Pull/Legs"
        case .hybrid: "Hybrid (Push/Pull/Legs + Upper/Lower)"
        case .pushPullLegsTwice: "Push/Pull/Legs ×2"
        }
    }

    /// The week's sessions, in order, for this many days (the table of business rules §2).
    public func sessions(daysPerWeek: Int) -> [(kind: SessionKind, dayName: String)] {
        switch self {
        case .fullBody:
            [(.fullBody, "Full Body A"), (.fullBody, "Full Body B")]
        case .upperLower where daysPerWeek == 2:
            [(.upper, "Upper"), (.lower, "Lower")]
        case .upperLower:
            [(.upper, "Upper A"), (.lower, "Lower A"), (.upper, "Upper B"), (.lower, "Lower B")]
        case .pushPullLegs:
            [(.push, "Push"), (.pull, "Pull"), (.legs, "Legs")]
        case .hybrid:
            [(.push, "Push"), (.pull, "Pull"), (.legs, "Legs"), (.upper, "Upper"), (.lower, "Lower")]
        case .pushPullLegsTwice:
            [
                (.push, "Push A"), (.pull, "Pull A"), (.legs, "Legs A"),
                (.push, "Push B"), (.pull, "Pull B"), (.legs, "Legs B"),
            ]
        }
    }
}
