/// How the user feels, from the check-in's five faces.
public enum Mood: String, CaseIterable, Codable, Hashable, Sendable {
    case great, good, okay, tired
    case notGreat = "not_great"

    /// 5 for great down to 1 for not great: what the mood trend averages.
    public var score: Int {
        switch self {
        case .great: 5
        case .good: 4
        case .okay: 3
        case .tired: 2
        case .notGreat: 1
        }
    }

    /// `Great`, `Good`, `Okay`, `Tired`, `Not great`.
    public var name: String {
        switch self {
        case .notGreat: "Not great"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// The face the app shows.
    public var emoji: String {
        switch self {
        case .great: "😄"
        case .good: "😊"
        case .okay: "😐"
        case .tired: "😕"
        case .notGreat: "😞"
        }
    }
}

/// How well the user slept.
public enum SleepQuality: String, CaseIterable, Codable, Hashable, Sendable {
    case poor, fair, good, excellent

    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
