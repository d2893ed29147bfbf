/// Why a slot got no exercise: the first rule that left it without a candidate.
enum EmptyCause: Error, Hashable, Sendable {
    /// The catalogue has no programme exercise for the slot at all.
    case catalogue
    /// None uses the equipment the user selected.
    case equipment
    /// None with the user's equipment is at or under their complexity ceiling.
    case level
    /// The only ones left are specialist moves, which this slot or goal cannot take.
    case specialist
    /// Every one left may aggravate a recorded injury (policy `exclude`), by joint.
    case injuries([String])
    /// The session's time cannot take another exercise.
    case time
    /// The others would take their muscles over the set caps: per session or per week.
    case caps(muscles: [String], limit: Int, perWeek: Bool)
    /// The others are already in the session or were done the day before.
    case planning

    /// The cause without its details: slots left empty for the same kind of cause share one
    /// line.
    var kind: String {
        switch self {
        case .catalogue: "catalogue"
        case .equipment: "equipment"
        case .level: "level"
        case .specialist: "specialist"
        case .injuries: "injuries"
        case .time: "time"
        case .caps: "caps"
        case .planning: "planning"
        }
    }

    /// Whether the cause lies in the user's circumstances (worth telling them) rather than in
    /// how the session was laid out.
    var isTrueCause: Bool {
        switch self {
        case .catalogue, .equipment, .level, .specialist, .injuries: true
        case .time, .caps, .planning: false
        }
    }
}
