extension Slot {
    static let horizontalPush = Slot(
        "Horizontal push", .movementPattern("Horizontal Push"), .compound,
        injuryFallbacks: [.movementPattern("Chest Fly"), .movementPattern("Vertical Push")])
    static let verticalPush = Slot(
        "Vertical push", .movementPattern("Vertical Push"), .compound,
        injuryFallbacks: [
            .movementPatternForMuscle("Shoulder Raise", "Shoulders"), .movementPattern("Horizontal Push"),
        ])
    static let horizontalPull = Slot(
        "Horizontal pull", .movementPattern("Horizontal Pull"), .compound,
        injuryFallbacks: [.movementPattern("Vertical Pull"), .movementPattern("Rear Delt Fly")])
    static let verticalPull = Slot(
        "Vertical pull", .movementPattern("Vertical Pull"), .compound,
        injuryFallbacks: [.movementPattern("Horizontal Pull"), .muscle("Back")])
    static let squat = Slot(
        "Squat", .movementPattern("Squat"), .compound,
        injuryFallbacks: [.movementPattern("Lunge"), .movementPattern("Knee Extension")])
    static let hinge = Slot(
        "Hinge", .movementPattern("Hinge"), .compound,
        injuryFallbacks: [.movementPattern("Hip Extension"), .movementPattern("Knee Flexion")])
    static let lunge = Slot(
        "Lunge", .movementPattern("Lunge"), .compound,
        injuryFallbacks: [.movementPattern("Squat"), .movementPattern("Hip Extension")])
    /// A push day's second chest exercise: an incline press, else another press, else a fly.
    static let chest = Slot(
        "Chest", .canonicalGroup("Incline Press"), .compound,
        or: [Choice(.movementPattern("Horizontal Push"), .compound), Choice(.movementPattern("Chest Fly"), .isolation)],
        injuryFallbacks: [.movementPattern("Chest Fly")])
    /// A pull day's second back exercise: another row, else another pulldown, else back isolation.
    static let back = Slot(
        "Back", .movementPattern("Horizontal Pull"), .compound,
        or: [Choice(.movementPattern("Vertical Pull"), .compound), Choice(.muscle("Back"), .isolation)],
        injuryFallbacks: [.movementPattern("Rear Delt Fly")])
    static let hipExtension = Slot("Hip extension", .movementPattern("Hip Extension"), .either)
    /// A triceps compound: a close-grip press or a dip.
    static let tricepsCompound = Slot("Triceps compound", .muscle("Triceps"), .compound)
    /// Reverse flyes: isolation (a face pull is a compound, and a compound takes a strength
    /// goal's 4-6 reps, which suit no rear-delt exercise).
    static let rearDelts = Slot("Rear delts", .movementPattern("Rear Delt Fly"), .isolation)
    static let chestFly = Slot("Chest fly", .movementPattern("Chest Fly"), .isolation)
    static let legExtension = Slot("Leg extension", .movementPattern("Knee Extension"), .isolation)
    static let legCurl = Slot("Leg curl", .movementPattern("Knee Flexion"), .isolation)
    static let calfRaise = Slot("Calf raise", .movementPattern("Calf Raise"), .isolation)
    static let shouldersIsolation = Slot("Shoulders isolation", .muscle("Shoulders"), .isolation)
    static let lateralRaise = Slot(
        "Lateral raise", .movementPatternForMuscle("Shoulder Raise", "Shoulders"), .isolation,
        or: [Choice(.muscle("Shoulders"), .isolation)])
    static let bicepsIsolation = Slot("Biceps isolation", .muscle("Biceps"), .isolation)
    static let tricepsIsolation = Slot("Triceps isolation", .muscle("Triceps"), .isolation)
    static let glutesIsolation = Slot("Glutes isolation", .muscle("Glutes"), .isolation)
    static let forearms = Slot("Forearms", .muscle("Forearms"), .isolation)
    /// Core work closes a session, after the compounds: isolation only, trunk flexion first
    /// (crunches and leg raises count reps; a plank is a hold).
    static let abs = Slot(
        "Abs", .movementPatternForMuscle("Core Flexion", "Abs"), .isolation, or: [Choice(.muscle("Abs"), .isolation)])
    static let obliques = Slot("Obliques", .muscle("Obliques"), .isolation)
}
