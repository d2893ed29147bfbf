/// What the user trains for: the questionnaire's first question. Sets the reps and rest.
public enum Goal: String, CaseIterable, Codable, Hashable, Sendable {
    case getStronger = "get_stronger"
    case buildMuscle = "build_muscle"
    case toneUp = "tone_up"

    /// The rep range of an exercise (business rules §3): compound / isolation.
    public func repRange(isIsolation: Bool) -> String {
        switch (self, isIsolation) {
        case (.getStronger, false): "4-6"
        case (.getStronger, true): "8-12"
        case (.buildMuscle, false): "8-12"
        case (.buildMuscle, true): "10-15"
        case (.toneUp, _): "12-15"
        }
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

    /// The reps of an unloaded bodyweight exercise at complexity 1 (a push-up, a bodyweight
    /// squat): never the strength range, which needs load.
    func repRange(isIsolation: Bool, isUnloadedAndSimple: Bool) -> String {
        isUnloadedAndSimple && self == .getStronger ? "8-12" : repRange(isIsolation: isIsolation)
    }
}
