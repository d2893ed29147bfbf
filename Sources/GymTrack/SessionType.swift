/// One of the three workouts of the rotation (seed 002 §3.2): A, B and C, in that order.
public enum SessionType: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case a = "A"
    case b = "B"
    case c = "C"

    /// The type after this one in the rotation: A → B → C → A.
    public var next: SessionType {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// The type named `text` (`A`, `b` …); nil for anything else.
    public init?(name text: String) {
        self.init(rawValue: text.uppercased())
    }

    public static func < (lhs: SessionType, rhs: SessionType) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
