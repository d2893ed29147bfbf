import Foundation

/// The user's weight unit and time zone: weights are entered and shown in the unit; weeks,
/// days and streaks are counted on the time zone's wall clock.
public struct UserSettings: Hashable, Sendable {
    public var unit: WeightUnit
    public var timeZone: TimeZone

    public init(unit: WeightUnit, timeZone: TimeZone) {
        self.unit = unit
        self.timeZone = timeZone
    }
}

extension UserSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case unit, timeZone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        unit = try container.decode(WeightUnit.self, forKey: .unit)
        let identifier = try container.decode(String.self, forKey: .timeZone)
        guard let timeZone = TimeZone(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: "\"\(identifier)\" is not a time zone")
        }
        self.timeZone = timeZone
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(unit, forKey: .unit)
        try container.encode(timeZone.identifier, forKey: .timeZone)
    }
}
