/// What kind of workout an entry is. The order of the cases is the order the app lists them in,
/// and the last tie-break of the most frequent type.
public enum ExerciseType: String, CaseIterable, Codable, Hashable, Sendable {
    case running, cycling, strength, yoga, other

    /// `Running`, `Cycling` …
    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}

/// How hard a workout felt.
public enum Intensity: String, CaseIterable, Codable, Hashable, Sendable {
    case easy, moderate, hard

    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
