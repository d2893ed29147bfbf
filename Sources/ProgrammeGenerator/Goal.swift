/// What the user trains for: the questionnaire's first question. Sets the reps and rest.
public enum Goal: String, CaseIterable, Codable, Hashable, Sendable {
    case getStronger = "get_stronger"
    case buildMuscle = "build_muscle"
    case toneUp = "tone_up"

    /// The rep range of an exercise (business rules §3): compound / isolation.
    public func repRange(isIsolation: Bool) -> String {
        Self.text(reps(isIsolation: isIsolation))
    }

    /// The table's reps (business rules §3): compound / isolation.
    func reps(isIsolation: Bool) -> ClosedRange<Int> {
        switch (self, isIsolation) {
        case (.getStronger, false): 4...6
        case (.getStronger, true): 8...12
        case (.buildMuscle, false): 8...12
        case (.buildMuscle, true): 10...15
        case (.toneUp, _): 12...15
        }
    }

    /// `8-12`.
    static func text(_ reps: ClosedRange<Int>) -> String {
        "\(reps.lowerBound)-\(reps.upperBound)"
    }

    /// The rest between sets, in seconds (business rules §3): main lifts get the goal's long
    /// rest, every other exercise its short rest.
    public func restSeconds(role: ExerciseRole) -> Int {
        switch (self, role) {
        case (.getStronger, .main): 180
        case (.buildMuscle, .main): 120
        case (.toneUp, .main): 90
        case (.getStronger, _), (.buildMuscle, _): 90
        case (.toneUp, _): 60
        }
    }

    /// The reps of an exercise in its role (business rules §3). Prescriptions a coach would not
    /// write are ruled out whatever the goal: an eccentric-only (negative) variation takes 3-5;
    /// the floor deadlift family never goes above 8 (6-8 outside strength work). Otherwise
    /// isolation work and every goal but get_stronger follow the table. For get_stronger: an
    /// unloaded bodyweight exercise at complexity 1 takes 8-12 (the strength range needs load);
    /// a specialist move stays at 4-6 (explosive work stays low); lunges, hip extension and
    /// Romanian deadlifts never go below 6-8; the main lifts take 4-6 and the other compounds 6-8.
    public func repRange(role: ExerciseRole, load: LoadProfile) -> String {
        Self.text(reps(role: role, load: load))
    }

    /// The reps of `repRange(role:load:)`, as numbers.
    func reps(role: ExerciseRole, load: LoadProfile) -> ClosedRange<Int> {
        if load.isEccentricOnly { return 3...5 }
        if load.isFloorPull, role != .accessory, self != .getStronger { return 6...8 }
        // Isolation work for get_stronger is 8-12 already, unloaded or not.
        guard role != .accessory, self == .getStronger else { return reps(isIsolation: role == .accessory) }
        if load.isUnloadedAndSimple { return 8...12 }
        if load.isSpecialist { return 4...6 }
        if load.neverBelowSixReps { return 6...8 }
        return role == .main ? 4...6 : 6...8
    }

    /// The rest of an exercise in its role (business rules §3): the role's rest, except that a
    /// compound prescribed 6 reps or fewer rests at least 150 s, and one prescribed 8 or fewer at
    /// least 120 s (heavy sets need the recovery).
    public func restSeconds(role: ExerciseRole, load: LoadProfile) -> Int {
        let rest = restSeconds(role: role)
        guard role != .accessory else { return rest }
        let reps = reps(role: role, load: load).upperBound
        if reps <= 6 { return max(rest, Self.heavyCompoundRestSeconds) }
        if reps <= 8 { return max(rest, Self.moderateCompoundRestSeconds) }
        return rest
    }

    /// The least rest of a compound prescribed 6 reps or fewer.
    public static let heavyCompoundRestSeconds = 150
    /// The least rest of a compound prescribed 7 or 8 reps at most.
    public static let moderateCompoundRestSeconds = 120
}
