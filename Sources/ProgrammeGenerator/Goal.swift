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

    /// The rest between sets, in seconds (business rules §3): compound / isolation.
    public func restSeconds(isIsolation: Bool) -> Int {
        switch (self, isIsolation) {
        case (.getStronger, false): 180
        case (.getStronger, true): 90
        case (.buildMuscle, false): 120
        case (.buildMuscle, true): 90
        case (.toneUp, false): 90
        case (.toneUp, true): 60
        }
    }
}
