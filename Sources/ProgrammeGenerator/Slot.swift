/// One place in a session: a movement pattern or a target muscle, filled by one exercise.
public struct Slot: Hashable, Sendable {
    /// What fills the slot, by catalogue name (matched by slug).
    public enum Target: Hashable, Sendable {
        case movementPattern(String)
        case muscle(String)
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

    /// What the programme calls the slot (`emptySlots[].slot`): "Hinge", "Biceps isolation".
    public var name: String
    public var target: Target
    public var role: Role

    public init(_ name: String, _ target: Target, _ role: Role) {
        self.name = name
        self.target = target
        self.role = role
    }

    /// How an empty slot's reason names what was missing: "hinge exercise".
    var noun: String { name.lowercased() + " exercise" }

    /// The extra isolation slot a priority muscle takes (business rules §3).
    static func priorityIsolation(muscle: String) -> Slot {
        Slot("\(muscle) priority isolation", .muscle(muscle), .isolation)
    }
}

extension Slot {
    static let horizontalPush = Slot("Horizontal push", .movementPattern("Horizontal Push"), .compound)
    static let verticalPush = Slot("Vertical push", .movementPattern("Vertical Push"), .compound)
    static let horizontalPull = Slot("Horizontal pull", .movementPattern("Horizontal Pull"), .compound)
    static let verticalPull = Slot("Vertical pull", .movementPattern("Vertical Pull"), .compound)
    static let squat = Slot("Squat", .movementPattern("Squat"), .compound)
    static let hinge = Slot("Hinge", .movementPattern("Hinge"), .compound)
    static let lunge = Slot("Lunge", .movementPattern("Lunge"), .compound)
    static let hipExtension = Slot("Hip extension", .movementPattern("Hip Extension"), .compound)
    static let dip = Slot("Dip", .movementPattern("Elbow Extension"), .compound)
    static let carry = Slot("Carry", .movementPattern("Carry"), .compound)
    static let rearDelts = Slot("Rear delts", .movementPattern("Rear Delt Fly"), .either)
    static let chestFly = Slot("Chest fly", .movementPattern("Chest Fly"), .isolation)
    static let legExtension = Slot("Leg extension", .movementPattern("Knee Extension"), .isolation)
    static let legCurl = Slot("Leg curl", .movementPattern("Knee Flexion"), .isolation)
    static let calfRaise = Slot("Calf raise", .movementPattern("Calf Raise"), .isolation)
    static let shouldersIsolation = Slot("Shoulders isolation", .muscle("Shoulders"), .isolation)
    static let bicepsIsolation = Slot("Biceps isolation", .muscle("Biceps"), .isolation)
    static let tricepsIsolation = Slot("Triceps isolation", .muscle("Triceps"), .isolation)
    static let glutesIsolation = Slot("Glutes isolation", .muscle("Glutes"), .isolation)
    static let backIsolation = Slot("Back isolation", .muscle("Back"), .isolation)
    static let forearms = Slot("Forearms", .muscle("Forearms"), .isolation)
    static let abs = Slot("Abs", .muscle("Abs"), .isolation)
    static let obliques = Slot("Obliques", .muscle("Obliques"), .either)
}
