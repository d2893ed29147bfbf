/// A day of the week; weeks run Monday to Sunday. The raw values are what programmes store
/// (`"mon"` … `"sun"`).
public enum Weekday: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case mon, tue, wed, thu, fri, sat, sun

    /// 0 for Monday … 6 for Sunday.
    public var offsetFromMonday: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }

    /// `Mon`, `Tue` …
    public var shortName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// `Monday`, `Tuesday` …
    public var name: String {
        switch self {
        case .mon: "Monday"
        case .tue: "Tuesday"
        case .wed: "Wednesday"
        case .thu: "Thursday"
        case .fri: "Friday"
        case .sat: "Saturday"
        case .sun: "Sunday"
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.offsetFromMonday < rhs.offsetFromMonday
    }
}
