import TrainingCalendar

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

    /// The week's sessions, in order, each on its weekday (the table of business rules §2 and
    /// the schedule of §3a).
    public func sessions(daysPerWeek: Int) -> [ScheduledSession] {
        let kinds: [(SessionKind, String)] =
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
        let weekdays = Self.weekdays(daysPerWeek: kinds.count)
        var seenFamilies: Set<SessionKind> = []
        return zip(kinds, weekdays).map { entry, weekday in
            let (kind, dayName) = entry
            let isSecond = !seenFamilies.insert(kind.family).inserted
            return ScheduledSession(kind: kind, dayName: dayName, weekday: weekday, isSecond: isSecond)
        }
    }

    /// The training days of a week of `count` sessions (business rules §3a): 2 Mon, Thu;
    /// 3 Mon, Wed, Fri; 4 Mon, Tue, Thu, Fri; 5 Mon, Tue, Wed, Fri, Sat; 6 Mon-Sat.
    public static func weekdays(daysPerWeek count: Int) -> [Weekday] {
        switch count {
        case 2: [.mon, .thu]
        case 3: [.mon, .wed, .fri]
        case 4: [.mon, .tue, .thu, .fri]
        case 5: [.mon, .tue, .wed, .fri, .sat]
        default: Array(Weekday.allCases.prefix(max(0, min(count, 6))))
        }
    }
}

/// A session of the week as the split lays it out.
public struct ScheduledSession: Hashable, Sendable {
    public var kind: SessionKind
    /// `Push A`, `Full Body B`, `Legs`.
    public var dayName: String
    public var weekday: Weekday
    /// The second session of its family this week (Push B, Upper B, the hybrid week's Lower):
    /// it leads with the family's other main movements.
    public var isSecond: Bool
}
