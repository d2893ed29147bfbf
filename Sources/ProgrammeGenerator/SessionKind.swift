/// What a session trains. Each kind has a slot template (`SessionTemplate.swift`).
public enum SessionKind: String, CaseIterable, Codable, Hashable, Sendable {
    case push, pull, legs, upper, lower, fullBody

    /// Sessions of one family vary their exercises: Push A and Push B, Upper A and Upper B, and
    /// Legs and Lower (the hybrid week's two leg days share a template).
    var family: SessionKind {
        self == .lower ? .legs : self
    }

    /// The muscles (slugs) the session trains, which may take a priority muscle's extra
    /// isolation slot. A full-body session trains every muscle.
    func trains(muscleSlug: String) -> Bool {
        switch self {
        case .push: Self.pushMuscles.contains(muscleSlug)
        case .pull: Self.pullMuscles.contains(muscleSlug)
        case .legs, .lower: Self.legMuscles.contains(muscleSlug)
        case .upper: Self.upperMuscles.contains(muscleSlug)
        case .fullBody: true
        }
    }

    private static let pushMuscles: Set<String> = ["chest", "shoulders", "triceps"]
    private static let pullMuscles: Set<String> = ["back", "biceps", "forearms", "shoulders"]
    private static let legMuscles: Set<String> = ["quads", "hamstrings", "glutes", "calves", "abs", "obliques"]
    private static let upperMuscles: Set<String> = ["chest", "back", "shoulders", "biceps", "triceps", "forearms"]
}
