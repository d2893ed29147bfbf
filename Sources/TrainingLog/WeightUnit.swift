/// The unit a user enters and reads weights in. The log stores kilograms; a weight entered in
/// pounds is converted once, on the way in, and shown as kg × 2.20462.
public enum WeightUnit: String, Codable, CaseIterable, Hashable, Sendable {
    case kg
    case lbs

    /// Pounds in one kilogram (business rules §6).
    public static let poundsPerKilogram = 2.20462

    /// The kilograms of `value` entered in this unit.
    public func kilograms(_ value: Double) -> Double {
        switch self {
        case .kg: value
        case .lbs: value / Self.poundsPerKilogram
        }
    }

    /// `kilograms` in this unit, as shown: kilograms to 0.01, pounds to 0.1.
    public func shown(_ kilograms: Double) -> Double {
        switch self {
        case .kg: (kilograms * 100).rounded() / 100
        case .lbs: (kilograms * Self.poundsPerKilogram * 10).rounded() / 10
        }
    }

    /// `62.5 kg`, `137.8 lbs`, `60 kg`.
    public func text(_ kilograms: Double) -> String {
        "\(Self.number(shown(kilograms))) \(rawValue)"
    }

    /// A shown value without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return "\(rounded)"
    }
}
