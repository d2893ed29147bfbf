/// One place in a session, filled by one exercise: a movement pattern, a target muscle or a
/// swap group, with broader choices behind it.
public struct Slot: Hashable, Sendable {
    /// What fills the slot, by catalogue name (matched by slug). Carries never fill a muscle
    /// slot: they are prescribed by distance, which sets and reps cannot say.
    public enum Target: Hashable, Sendable {
        case movementPattern(String)
        case muscle(String)
        /// A movement pattern, for one primary muscle: lateral raises, not shrugs.
        case movementPatternForMuscle(String, String)
        /// One canonical group: a push day's second press is an incline press.
        case canonicalGroup(String)
    }

    /// Which kind of exercise may fill the slot.
    public enum Role: Hashable, Sendable {
        case compound
        case isolation
        case either

        func admits(isIsolation: Bool) -> Bool {
            switch self {
            case .compound: !isIsolation
            case .isolation: isIsolation
            case .either: true
            }
        }
    }

    /// A target and the kind of exercise it takes.
    public struct Choice: Hashable, Sendable {
        public var target: Target
        public var role: Role

        public init(_ target: Target, _ role: Role) {
            self.target = target
            self.role = role
        }
    }

    /// What the programme calls the slot (`emptySlots[].slot`): "Hinge", "Biceps isolation".
    public var name: String
    /// Tried in order: the first that has a candidate the session can take fills the slot.
    public var choices: [Choice]
    /// Under the `exclude` injury policy, the targets tried in turn when every candidate of the
    /// choices may aggravate a recorded injury: the nearest safe patterns for the same muscles.
    public var injuryFallbacks: [Target]

    public init(_ name: String, _ target: Target, _ role: Role, or alternatives: [Choice] = [],
                injuryFallbacks: [Target] = []) {
        self.name = name
        self.choices = [Choice(target, role)] + alternatives
        self.injuryFallbacks = injuryFallbacks
    }

    /// How an empty slot's reason names what was missing: "hinge".
    var noun: String { name.lowercased() }

    /// The extra isolation slot a priority muscle takes (business rules §3).
    static func priorityIsolation(muscle: String) -> Slot {
        Slot("\(muscle) priority isolation", .muscle(muscle), .isolation)
    }
}
